import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { parseFeed } from '/work/main/command-service/src/imports/parsers';
it('smoke', () => {
  for (const f of ['remoteok_internship-hunter_2026-05.json', 'himalayas_internship-hunter_2026-05.json', 'himalayas_job-radar_2026-06.json']) {
    const p = parseFeed(readFileSync('/work/shared/data/jobs/' + f, 'utf8'));
    console.log(f, p.format, p.jobs.length, p.skipped);
    const all = JSON.stringify(p.jobs);
    console.log('bad', /[\u0080-\u009f]|â€|Ã|Â/.test(all), (all.match(/.{30}(?:[\u0080-\u009f]|â€|Ã|Â).{30}/g) ?? []).slice(0, 5));
    for (const j of p.jobs.slice(0, 2)) console.log(JSON.stringify({ ...j, content: { ...j.content, description: j.content.description.slice(0, 1500) } }, null, 1));
    console.log(p.jobs.map((j) => [j.content.salary, j.content.type, j.content.experience, j.content.location, j.content.title].join(' | ')).join('\n'));
  }
});
