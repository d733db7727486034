import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { defaultGraphSchema } from '../../src/config/default-schema.js';
import { checkpointFolder } from '../../src/indexing/run-checkpoint.js';
import type { DoctorReport } from '../../src/doctor/doctor-report.js';
import { holdWorkspace } from '../helpers/hold-workspace.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const project = makeTempDir();
cpSync(path.resolve('examples', 'harbour-robotics'), path.join(project, 'docs'), { recursive: true });
const healthy = path.join(project, 'healthy');

async function doctorOf(workspace: string, schema = defaultGraphSchema): Promise<DoctorReport> {
  const rhizome = createRhizome({ workspace, schema });
  try {
    return await rhizome.doctor();
  } finally {
    await rhizome.close();
  }
}

const checksFound = (report: DoctorReport, severity: string) => [...new Set(report.findings.filter((finding) => finding.severity === severity).map((finding) => finding.check))].sort();

const setUp = (async () => {
  const rhizome = createRhizome({ workspace: healthy });
  try {
    await rhizome.index([path.join(project, 'docs')]);
    return await rhizome.exportGraph({ format: 'jsonl' });
  } finally {
    await rhizome.close();
  }
})();

test('a clean workspace needs no action, and the CLI says so with exit 0', async () => {
  await setUp;
  const report = await doctorOf(healthy);
  assert.deepEqual(checksFound(report, 'action'), [], JSON.stringify(report.findings));
  const cli = runCli(project, '--workspace', healthy, 'doctor');
  assert.equal(cli.code, 0, cli.stdout + cli.stderr);
  assert.match(cli.stdout, /^Healthy/);
});

test('doctor finds seeded faults, says what to do, and exits 8', async () => {
  const lines = (await setUp).trimEnd().split('\n');
  const records = lines.slice(1).map((line) => JSON.parse(line) as Record<string, unknown>);
  const people = records.filter((record) => record.kind === 'entity' && record.type === 'Person');
  const person = people[0] as Record<string, unknown>;
  const mention = records.find((record) => record.kind === 'mention' && record.entityId === person.id) as Record<string, unknown>;
  const chunk = records.find((record) => record.kind === 'chunk') as Record<string, unknown>;
  const community = records.find((record) => record.kind === 'community') as Record<string, unknown>;
  const twin = { ...person, id: 'ent_seededtwin00001', name: `${String(person.name)}x`, aliases: [] };
  const seeded = [
    ...records.map((record) => (record === chunk ? { ...record, extractionKey: 'an-older-extractor' } : record === community ? { ...record, inputHash: 'not-the-inputs' } : record)),
    twin,
    { ...mention, entityId: twin.id },
    { kind: 'entity', id: 'ent_seededorphan01', type: 'Person', name: 'Zora Nobody', aliases: [], description: '', mentionCount: 0 },
    { kind: 'community', id: 'c9_empty', level: 0, parentId: null, memberIds: [], inputHash: 'x', report: { title: 'Empty', summary: '', keyEntities: [], keyRelations: [], findings: [], generatedBy: 'extractive' } },
  ];
  const faulty = path.join(project, 'faulty');
  const rhizome = createRhizome({ workspace: faulty });
  try {
    await rhizome.importGraph([lines[0], ...seeded.map((record) => JSON.stringify(record))].join('\n'));
  } finally {
    await rhizome.close();
  }
  mkdirSync(checkpointFolder(faulty), { recursive: true });
  writeFileSync(path.join(checkpointFolder(faulty), 'run.json'), JSON.stringify({ kind: 'index', startedAt: '2026-01-01T00:00:00.000Z', stage: 'extract' }));

  const report = await doctorOf(faulty);
  assert.deepEqual(checksFound(report, 'action'), ['communities', 'interrupted-run', 'orphan-nodes', 'schema-drift', 'stale-reports']);
  assert.ok(checksFound(report, 'warning').includes('duplicate-names'));
  const message = (check: string) => report.findings.filter((finding) => finding.check === check).map((finding) => `${finding.message} ${(finding.items ?? []).join(' ')}`).join('\n');
  assert.match(message('orphan-nodes'), /1 entit\(ies\) with no mention .*Zora Nobody/s);
  assert.match(message('duplicate-names'), new RegExp(`"${String(person.name)}x?" / "${String(person.name)}x?"`));
  assert.match(message('stale-reports'), /1 community report\(s\) .*rhizome index/);
  assert.match(message('schema-drift'), /1 of \d+ chunks were extracted under another extractor/);
  assert.match(message('interrupted-run'), /stopped in its extract stage/);

  const cli = runCli(project, '--workspace', faulty, 'doctor');
  assert.equal(cli.code, 8);
  assert.match(cli.stdout, /^Needs action/);
  assert.match(cli.stdout, /ACTION  communities: 1 empty communit/);
});

test('a schema changed since indexing is reported without touching the graph; a held workspace is reported as locked', async () => {
  await setUp;
  const narrower = { ...defaultGraphSchema, edgeTypes: (defaultGraphSchema.edgeTypes ?? []).filter((edge) => edge.name !== 'AUDITS') };
  const drifted = await doctorOf(healthy, narrower);
  assert.match(drifted.findings.find((finding) => finding.check === 'schema-drift')?.message ?? '', /edge type AUDITS removed/);
  assert.deepEqual(checksFound(await doctorOf(healthy), 'action'), [], 'the graph was left as it was');

  const holder = await holdWorkspace(healthy);
  try {
    const locked = await doctorOf(healthy);
    assert.match(locked.findings[0]?.message ?? '', new RegExp(`in use by process ${holder.pid}`));
    assert.equal(locked.needsAction, true);
  } finally {
    holder.stdin.end();
    await new Promise((resolve) => holder.once('exit', resolve));
  }
});
