/**
 * Saves a file the page fetched, under its name (the browser's download). The same few lines as the
 * payouts' save-file.ts: features do not import each other's internals, and this is too small to be a
 * shared library of its own.
 */
export function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}
