import { lintDocument, publishedDocument } from './openapiTools';

/** `npm run lint`'s check of the published contract: Spectral's `spectral:oas` and Redocly's `recommended` rules; any error fails. */
const findings = await lintDocument(await publishedDocument({ devRoutes: true }));
const errors = findings.filter((finding) => finding.severity === 'error');
for (const finding of errors) console.log(`error ${finding.tool} ${finding.rule} ${finding.path}: ${finding.message}`);
const warnings = new Map<string, number>();
for (const finding of findings.filter((one) => one.severity !== 'error')) {
  const rule = `${finding.tool} ${finding.rule}`;
  warnings.set(rule, (warnings.get(rule) ?? 0) + 1);
}
for (const [rule, count] of warnings) console.log(`warning ${rule} ×${count}`);
console.log(`OpenAPI document: ${errors.length} errors, ${findings.length - errors.length} warnings (Spectral spectral:oas, Redocly recommended).`);
process.exit(errors.length ? 1 : 0);
