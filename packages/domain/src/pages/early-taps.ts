/**
 * The one inline script of a server-rendered page, part of the contract between the web's renderer
 * (which writes it first in the document's head) and the API (whose Content-Security-Policy allows it
 * by its SHA-256 hash; no other inline script runs).
 *
 * Until the app has hydrated, a tap on a button does nothing by itself: React is not there yet. This
 * script, which runs before the first paint, catches such a click (a tap, a mouse click, or Enter/Space
 * on a focused button), marks the button at once (`data-early-pending` and `aria-busy`, styled in
 * styles.css, so the person sees the tap was taken) and keeps it. The app clicks it again once it has
 * hydrated (app/early-taps.ts), so the tap does its job then. Only the latest tap is kept: a person
 * who tapped two things meant the second. Links, form submits, fields, labels and buttons that open a
 * popover or dialog natively (`popovertarget`, `commandfor`) are left alone: the browser does their job
 * without the app.
 *
 * Written by hand in ES5 (it runs unbundled, before anything else) and kept tiny: it is in every page.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(d,w){var k=[];w.__earlyTaps=k;' + // the app sets it to null when it takes over
  '' +
  'function u(t){t.removeAttribute("data-early-pending");t.removeAttribute("aria-busy")}' +
  'd.addEventListener("click",function(e){if(w.__earlyTaps!==k)return;' +
  'var t=e.target&&e.target.closest?e.target.closest("button,[role=button]"):null;' +
  'if(!t||t.disabled||t.getAttribute("aria-disabled")==="true"||t.hasAttribute("href")||t.hasAttribute("popovertarget")||t.hasAttribute("commandfor")||(t.form&&t.type==="submit"))return;' +
  'e.preventDefault();e.stopPropagation();' +
  'if(k[0]&&k[0]!==t)u(k[0]);k[0]=t;t.setAttribute("data-early-pending","");t.setAttribute("aria-busy","true")' +
  '},true)})(document,window)'

/** The attribute that marks a button whose tap is waiting for the app. */
export const EARLY_TAP_PENDING_ATTRIBUTE = 'data-early-pending'
