/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

/** Android says Linux, an iPad may say Mac OS X. */
const SYSTEMS: [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux/],
];

/** A short readable name for a session's list, e.g. 'Chrome 131 on Linux'; never the raw header. */
export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.map(([name, pattern]) => [name, pattern.exec(userAgent)?.[1]] as const).find(([, version]) => version);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const named = browser ? `${browser[0]} ${browser[1]}` : 'Unknown browser';
  return system ? `${named} on ${system}` : named;
}
