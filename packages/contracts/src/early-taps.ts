/**
 * The one inline script of a server-rendered page, part of the contract between the web's renderer
 * (which writes it in the document's head) and the API (whose Content-Security-Policy allows it by its
 * SHA-256 hash; no other inline script runs).
 *
 * Until the app has hydrated, a tap on a button does nothing by itself: React is not there yet. This
 * script, which runs before the first paint, catches such a click (a tap, a mouse click, or Enter/Space
 * on a focused button), marks the button at once (`data-early-pending`, styled in styles.css, and
 * `aria-busy` unless the button has its own) so the person sees the tap was taken, and keeps it with
 * the button's label at that moment. The app clicks it again once it has hydrated (app/early-taps.tsx),
 * unless the label changed meanwhile (the button now means something else: 'Guardar' became
 * 'Guardado' when the stored favourites arrived) or the person did something else since.
 *
 * Kept: one tap, the latest; a person who tapped two things meant the second. Dropped (and its mark
 * cleared): when the person clicks a link, a field, a label, a submit button or a button the browser
 * answers natively, focuses a field, sends a form or leaves the page; and when the app has not taken
 * over 10 s after the load event (its code failed to load: taps go back to the browser). Left alone:
 * links, form submits, fields, labels, buttons that open a popover or dialog natively where the browser
 * supports it (`popovertarget`, `commandfor`), disabled buttons, and buttons whose action needs the
 * tap's own user activation (`data-needs-gesture`: share, clipboard).
 *
 * Written by hand in ES5 (it runs unbundled, before anything else) and kept small: it is in every page.
 */
/**
 * What a tap can be meant for: the element a click is attributed to (the early script's list, and the
 * app's, which keeps taps on parts still hydrating: apps/web/src/app/island-taps.ts).
 */
export const EARLY_TAP_CONTROLS = 'a[href],input,select,textarea,label,summary,button,[role=button]'

/**
 * A button's own word for what a tap on it asks, where its label also shows what only the browser knows
 * and the tap's meaning does not change with it (the user menu gains the client's initials once the
 * stored session is read; a kept tap on it still means "open the menu").
 */
export const TAP_MEANING_ATTRIBUTE = 'data-tap-meaning'

export const EARLY_TAPS_SCRIPT = [
  '(function(d,w){',
  // The kept tap: [button, its label when tapped, whether the script set aria-busy]. The app sets
  // `__earlyTaps` to null when it takes over.
  'var k=[];w.__earlyTaps=k;',
  'var P="data-early-pending",B="aria-busy";',
  `function label(t){var m=t.getAttribute("${TAP_MEANING_ATTRIBUTE}");`,
  'return m!==null?m:(t.getAttribute("aria-label")||"")+"|"+(t.getAttribute("aria-pressed")||"")+"|"+t.textContent}',
  'function drop(){if(k[0]){k[0].removeAttribute(P);if(k[2])k[0].removeAttribute(B)}k.length=0}',
  'function off(){return w.__earlyTaps!==k}',
  'var native={popovertarget:"popover" in HTMLElement.prototype,commandfor:"commandForElement" in HTMLButtonElement.prototype};',
  'd.addEventListener("click",function(e){if(off())return;',
  `var x=e.target&&e.target.closest?e.target.closest("${EARLY_TAP_CONTROLS}"):null;`,
  'if(!x)return;',
  'var t=x.tagName==="BUTTON"||x.getAttribute("role")==="button"?x:null;',
  'if(!t||t.disabled||t.getAttribute("aria-disabled")==="true"||t.hasAttribute("href")||t.hasAttribute("data-needs-gesture")',
  '||(native.popovertarget&&t.hasAttribute("popovertarget"))||(native.commandfor&&t.hasAttribute("commandfor"))',
  '||(t.form&&t.type==="submit")){drop();return}',
  'e.preventDefault();e.stopPropagation();',
  'if(k[0]!==t){drop();k[0]=t;k[1]=label(t);k[2]=!t.hasAttribute(B);t.setAttribute(P,"");if(k[2])t.setAttribute(B,"true")}',
  '},true);',
  'd.addEventListener("focusin",function(e){if(!off()&&e.target&&e.target.matches&&e.target.matches("input,select,textarea"))drop()},true);',
  'd.addEventListener("submit",function(){if(!off())drop()},true);',
  'w.addEventListener("pagehide",function(){if(!off())drop()});',
  'w.addEventListener("load",function(){setTimeout(function(){if(!off()){drop();w.__earlyTaps=null}},1e4)});',
  '})(document,window)',
].join('')

/** The attribute that marks a button whose tap is waiting for the app. */
export const EARLY_TAP_PENDING_ATTRIBUTE = 'data-early-pending'

/**
 * The label the early script keeps with a tap, to tell whether the button still means the same: its
 * TAP_MEANING_ATTRIBUTE, or its name, pressed state and text.
 */
export function earlyTapLabel(button: {
  getAttribute(name: string): string | null
  textContent: string | null
}): string {
  const meaning = button.getAttribute(TAP_MEANING_ATTRIBUTE)
  if (meaning !== null) return meaning
  return `${button.getAttribute('aria-label') ?? ''}|${button.getAttribute('aria-pressed') ?? ''}|${button.textContent}`
}
