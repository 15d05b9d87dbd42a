/** Saves text as a file the browser downloads: a Blob behind a link that is clicked once. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the address is not needed any more.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}
