/**
 * One description of a mail, rendered twice: HTML for mail clients (a single column of at most
 * 600 px, tables and inline styles only, no web fonts, no images of our own) and plain text.
 * Every value is escaped here; templates never write markup.
 */

export type DetailRow = { label: string; value: string; href?: string }

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; title?: string; rows: DetailRow[] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'notice'; tone: 'info' | 'warning'; title: string; text: string }
  | { kind: 'list'; title: string; items: string[] }
  /** A remote picture (absolute URL) with its alt text, shown when the client blocks images. */
  | { kind: 'image'; src: string; alt: string; href?: string }
  /** Small print; `htmlOnly` for what the plain text already says (a button's link). */
  | { kind: 'fine-print'; text: string; htmlOnly?: boolean }

export type MailContent = {
  subject: string
  /** The line a mail client shows next to the subject. */
  preheader: string
  heading: string
  blocks: MailBlock[]
}

export type RenderedMail = { subject: string; html: string; text: string }

export const SUPPORT_EMAIL = 'soporte@cabanas.mx'
const BRAND_NAME = 'Cabañas MX'

/** The web's Tailwind theme (apps/web/src/styles.css): forest green brand, terracotta accent, stone. */
export const palette = {
  brand50: '#f0f7f2',
  brand100: '#dbede0',
  brand200: '#b9dbc4',
  brand600: '#2c6a49',
  brand700: '#24553c',
  brand800: '#1f4432',
  accent50: '#fdf4ef',
  accent200: '#f4c8b1',
  accent600: '#c14525',
  accent800: '#812e21',
  stone50: '#fafaf9',
  stone100: '#f5f5f4',
  stone200: '#e7e5e4',
  stone500: '#78716c',
  stone600: '#57534e',
  stone900: '#1c1917',
  white: '#ffffff',
} as const

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Text with its line breaks kept. */
const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>')

export function renderMail(content: MailContent, { publicUrl }: { publicUrl: string }): RenderedMail {
  return {
    subject: content.subject,
    html: renderHtml(content, publicUrl),
    text: renderText(content, publicUrl),
  }
}

const FOOTER_LINES = [
  'Te escribimos por una reserva, una solicitud o tu cuenta en Cabañas MX.',
  'Los correos sobre tus reservas y tu cuenta te llegan siempre, aunque no recibas novedades ni promociones.',
]

function renderHtml(content: MailContent, publicUrl: string): string {
  const body = content.blocks.map(blockHtml).join('\n')
  const e = escapeHtml
  return `<!DOCTYPE html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<meta name="x-apple-disable-message-reformatting">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${palette.stone100};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${e(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${palette.stone100};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;">
<tr><td style="background-color:${palette.brand700};border-radius:12px 12px 0 0;padding:20px 24px;font-family:${FONT};">
<a href="${e(publicUrl)}" style="color:${palette.white};text-decoration:none;font-size:22px;font-weight:700;letter-spacing:-0.2px;">${e(BRAND_NAME)}</a>
<div style="color:${palette.brand200};font-size:13px;margin-top:2px;">Cabañas y casas de campo en México</div>
</td></tr>
<tr><td style="background-color:${palette.accent600};height:4px;line-height:4px;font-size:0;">&nbsp;</td></tr>
<tr><td style="background-color:${palette.white};border-radius:0 0 12px 12px;padding:28px 24px 24px;font-family:${FONT};color:${palette.stone900};font-size:16px;line-height:1.5;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;font-weight:700;color:${palette.brand800};">${e(content.heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:20px 24px;font-family:${FONT};color:${palette.stone500};font-size:12px;line-height:1.5;text-align:center;">
${FOOTER_LINES.map((line) => `<p style="margin:0 0 8px;">${e(line)}</p>`).join('\n')}
<p style="margin:0;">¿Dudas? Escríbenos a <a href="mailto:${SUPPORT_EMAIL}" style="color:${palette.brand600};">${SUPPORT_EMAIL}</a> · <a href="${e(publicUrl)}" style="color:${palette.brand600};">${e(new URL(publicUrl).host)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

function blockHtml(block: MailBlock): string {
  const e = escapeHtml
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${escapeLines(block.text)}</p>`
    case 'fine-print':
      return `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:${palette.stone600};word-break:break-word;">${escapeLines(block.text)}</p>`
    case 'details': {
      const rows = block.rows
        .map((row, index) => {
          const border = index === block.rows.length - 1 ? '' : `border-bottom:1px solid ${palette.brand100};`
          const value = row.href
            ? `<a href="${e(row.href)}" style="color:${palette.brand600};font-weight:600;">${escapeLines(row.value)}</a>`
            : escapeLines(row.value)
          return `<tr>
<td valign="top" style="padding:10px 12px 10px 0;${border}font-size:13px;line-height:1.4;color:${palette.stone600};width:36%;">${e(row.label)}</td>
<td valign="top" style="padding:10px 0;${border}font-size:15px;line-height:1.4;font-weight:600;color:${palette.stone900};word-break:break-word;">${value}</td>
</tr>`
        })
        .join('\n')
      const title = block.title
        ? `<tr><td colspan="2" style="padding:0 0 4px;font-size:13px;font-weight:700;letter-spacing:0.4px;text-transform:uppercase;color:${palette.brand700};">${e(block.title)}</td></tr>\n`
        : ''
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;background-color:${palette.brand50};border:1px solid ${palette.brand100};border-radius:10px;">
<tr><td style="padding:14px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${title}${rows}
</table>
</td></tr>
</table>`
    }
    case 'button':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;">
<tr><td align="center" style="border-radius:8px;background-color:${palette.brand600};">
<a href="${e(block.href)}" style="display:block;padding:14px 20px;font-family:${FONT};font-size:16px;font-weight:700;line-height:1.25;color:${palette.white};text-decoration:none;border-radius:8px;text-align:center;">${e(block.label)}</a>
</td></tr>
</table>`
    case 'link':
      return `<p style="margin:0 0 16px;"><a href="${e(block.href)}" style="color:${palette.brand600};font-weight:600;">${e(block.label)}</a></p>`
    case 'notice': {
      const warning = block.tone === 'warning'
      const background = warning ? palette.accent50 : palette.brand50
      const border = warning ? palette.accent600 : palette.brand600
      const titleColor = warning ? palette.accent800 : palette.brand800
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;">
<tr><td style="background-color:${background};border-left:4px solid ${border};border-radius:6px;padding:14px 16px;font-size:15px;line-height:1.5;">
<p style="margin:0 0 4px;font-weight:700;color:${titleColor};">${e(block.title)}</p>
<p style="margin:0;color:${palette.stone900};word-break:break-word;">${escapeLines(block.text)}</p>
</td></tr>
</table>`
    }
    case 'list':
      return `<p style="margin:8px 0 8px;font-size:17px;font-weight:700;color:${palette.brand800};">${e(block.title)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;">
${block.items
  .map(
    (item) => `<tr>
<td valign="top" style="width:18px;padding:4px 0;color:${palette.brand600};font-weight:700;">•</td>
<td valign="top" style="padding:4px 0;font-size:15px;line-height:1.5;">${escapeLines(item)}</td>
</tr>`,
  )
  .join('\n')}
</table>`
    case 'image': {
      const image = `<img src="${e(block.src)}" alt="${e(block.alt)}" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:10px;background-color:${palette.brand100};color:${palette.brand800};font-family:${FONT};font-size:14px;">`
      return `<div style="margin:0 0 16px;">${block.href ? `<a href="${e(block.href)}" style="text-decoration:none;">${image}</a>` : image}</div>`
    }
  }
}

function renderText(content: MailContent, publicUrl: string): string {
  const parts: string[] = [content.heading, '']
  for (const block of content.blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text, '')
        break
      case 'fine-print':
        if (!block.htmlOnly) parts.push(block.text, '')
        break
      case 'details':
        if (block.title) parts.push(block.title.toUpperCase())
        for (const row of block.rows) {
          parts.push(`${row.label}: ${row.value}${row.href ? ` (${row.href})` : ''}`)
        }
        parts.push('')
        break
      case 'button':
      case 'link':
        // The link alone on its line: mail clients make it clickable, and nothing sticks to it.
        parts.push(`${block.label}:`, block.href, '')
        break
      case 'notice':
        parts.push(`${block.title}`, block.text, '')
        break
      case 'list':
        parts.push(block.title, ...block.items.map((item) => `- ${item}`), '')
        break
      case 'image':
        break
    }
  }
  parts.push('-- ', BRAND_NAME, ...FOOTER_LINES, `¿Dudas? Escríbenos a ${SUPPORT_EMAIL}`, publicUrl, '')
  return parts.join('\n')
}
