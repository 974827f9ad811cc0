import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

/**
 * The part of kustomize our manifests use, so `npm test` can render the overlays on a machine with no kustomize
 * binary (neither Debian nor npm ships one): `resources` (files and directories), `components` (kind Component: its
 * resources and patches, applied after the including kustomization's resources and before its own patches, as
 * kustomize does), `namespace`, `images` (newName,
 * newTag) and JSON 6902 `patches` selected by kind and name (a regular expression, as kustomize reads it). Anything
 * else in a kustomization.yaml is refused, so the manifests cannot quietly rely on a feature this does not render.
 * Where `kubectl kustomize` exists the tests compare both renderings.
 */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  components?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { target: { kind?: string; name?: string }; patch: string }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'components', 'namespace', 'images', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

export function renderKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const kustomization = parse(readFileSync(file, 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: not rendered by this renderer: ${unsupported.join(', ')}`);

  let objects: K8sObject[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else objects.push(...readManifests(path));
  }
  for (const component of kustomization.components ?? []) {
    const componentFile = join(resolve(dir, component), 'kustomization.yaml');
    const parsed = parse(readFileSync(componentFile, 'utf8')) as Kustomization;
    if (parsed.kind !== 'Component') throw new Error(`${componentFile}: not a kind Component`);
    const extra = Object.keys(parsed).filter((key) => !['apiVersion', 'kind', 'resources', 'patches'].includes(key));
    if (extra.length) throw new Error(`${componentFile}: not rendered by this renderer: ${extra.join(', ')}`);
    for (const resource of parsed.resources ?? []) objects.push(...readManifests(resolve(dir, component, resource)));
    objects = applyPatches(objects, parsed.patches ?? [], componentFile);
  }
  objects = applyPatches(objects, kustomization.patches ?? [], file);
  if (kustomization.namespace) {
    for (const object of objects)
      if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  for (const image of kustomization.images ?? []) for (const object of objects) setImage(object, image);
  return objects;
}

function applyPatches(objects: K8sObject[], patches: NonNullable<Kustomization['patches']>, file: string): K8sObject[] {
  let patched = objects;
  for (const { target, patch } of patches) {
    const operations = parse(patch) as Operation[];
    const matches = patched.filter((object) => matchesTarget(object, target));
    if (matches.length === 0) throw new Error(`${file}: patch target ${JSON.stringify(target)} matches nothing`);
    patched = patched.map((object) => (matchesTarget(object, target) ? applyJsonPatch(object, operations) : object));
  }
  return patched;
}

function readManifests(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((document) => {
      if (document.errors.length) throw new Error(`${path}: ${document.errors[0]!.message}`);
      return document.toJS({ maxAliasCount: 100 }) as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

function matchesTarget(object: K8sObject, target: { kind?: string; name?: string }): boolean {
  const anchored = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`).test(value);
  return (
    (!target.kind || anchored(target.kind, object.kind)) &&
    (!target.name || anchored(target.name, object.metadata.name))
  );
}

interface Operation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

/** RFC 6902 add, replace and remove (RFC 6901 pointers, `~1` for `/`). */
function applyJsonPatch(object: K8sObject, operations: Operation[]): K8sObject {
  const copy = structuredClone(object);
  for (const { op, path, value } of operations) {
    const keys = path
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let parent: Record<string, unknown> | unknown[] = copy;
    for (const key of keys) {
      const next = (parent as Record<string, unknown>)[key];
      if (next === undefined || next === null || typeof next !== 'object') throw new Error(`${op} ${path}: no ${key}`);
      parent = next as Record<string, unknown>;
    }
    const container = parent as Record<string, unknown>;
    if (op !== 'add' && !(last in container)) throw new Error(`${op} ${path}: nothing there`);
    if (op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete container[last];
    } else if (Array.isArray(parent) && op === 'add') {
      parent.splice(last === '-' ? parent.length : Number(last), 0, value);
    } else container[last] = value;
  }
  return copy;
}

function setImage(object: K8sObject, image: { name: string; newName?: string; newTag?: string }): void {
  const podSpec = (
    object.kind === 'Job' || object.kind === 'Deployment'
      ? (object.spec as { template?: { spec?: unknown } })?.template?.spec
      : object.kind === 'CronJob'
        ? (object.spec as { jobTemplate?: { spec?: { template?: { spec?: unknown } } } })?.jobTemplate?.spec?.template
            ?.spec
        : undefined
  ) as { containers?: { image: string }[]; initContainers?: { image: string }[] } | undefined;
  for (const container of [...(podSpec?.containers ?? []), ...(podSpec?.initContainers ?? [])]) {
    const [name, tag] = splitImage(container.image);
    if (name !== image.name) continue;
    container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
  }
}

function splitImage(reference: string): [string, string | undefined] {
  const colon = reference.lastIndexOf(':');
  return colon > reference.lastIndexOf('/')
    ? [reference.slice(0, colon), reference.slice(colon + 1)]
    : [reference, undefined];
}
