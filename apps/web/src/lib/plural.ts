/** `count` followed by the singular or plural noun: '1 cama', '3 camas'. */
export function pluralize(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`
}
