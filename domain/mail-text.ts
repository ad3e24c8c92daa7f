// Free text people type (display names, team names) that goes into mail: no link and no control character may
// reach a subject line, where a reader takes it for the sender's words ("Verify account http://evil.example").

/** Control characters (C0, DEL and C1): a line break in a subject would start a new header. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]+/g;
/** A scheme (`http://`), `www.`, or domain-like text (`evil.example`, `x.com/login`); ordinary dots pass (`St. Louis`). */
const LINK = /[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,24}(\/\S*|\b(?!\.))/gi;

/** Whether the text carries a link (the rule team names are held to). */
export function hasLink(text: string): boolean {
  LINK.lastIndex = 0;
  const found = LINK.test(text);
  LINK.lastIndex = 0;
  return found;
}

/** A name as mail may show it: the name itself, or `fallback` when it holds a link or a control character. */
export function nameForMail(name: string, fallback: string): string {
  const tidy = name.trim();
  return !tidy || CONTROL.test(tidy) || hasLink(tidy) ? fallback : tidy;
}

/** A subject line: control characters become spaces, any link-like text becomes "(link removed)", at most 200 characters. */
export function mailSubject(text: string): string {
  return text.replace(CONTROL_ALL, ' ').replace(LINK, '(link removed)').replace(/\s+/g, ' ').trim().slice(0, 200);
}
