/**
 * The browser's localStorage, looked up at each use. Where the browser refuses this site's data
 * (its cookies blocked), reading `window.localStorage` itself throws a SecurityError: looked up
 * once at start, that would stop the app before it renders; looked up here, each use fails as a
 * failed read or write does, which the auth machine answers (a visitor signed out).
 */
export function browserStorage(): Storage {
  const local = () => window.localStorage
  return {
    get length() {
      return local().length
    },
    clear: () => {
      local().clear()
    },
    getItem: (key) => local().getItem(key),
    key: (index) => local().key(index),
    removeItem: (key) => {
      local().removeItem(key)
    },
    setItem: (key, value) => {
      local().setItem(key, value)
    },
  }
}
