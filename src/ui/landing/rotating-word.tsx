export interface RotatingWordProps {
  word: string
  /** How many letters are visible; the rest keep their place, so nothing around them moves. */
  shown: number
}

/**
 * The hero's rotating word (docs/product/screens.md#hero). Letters appear one by one; assistive
 * technology reads the whole word once, not letter by letter.
 */
export function RotatingWord({ word, shown }: RotatingWordProps) {
  return (
    <span className="rotating-word" data-word={word} data-shown={shown}>
      <span className="visually-hidden">{word}</span>
      <span aria-hidden="true">
        {Array.from(word, (letter, i) => (
          <span key={`${word}-${String(i)}`} className={i < shown ? 'letter letter-in' : 'letter'}>
            {letter}
          </span>
        ))}
      </span>
    </span>
  )
}
