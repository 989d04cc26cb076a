// Validates Kubernetes manifests against the API's own OpenAPI schemas, as shipped precompiled in the
// npm package kubernetes-models (5.x: Kubernetes v1.36), so nothing is downloaded at run time: each
// document's apiVersion and kind pick its model, whose schema checks types, enums, formats and
// required fields. Like kubeconform without -strict, fields the schema does not know are not flagged.
//   node deploy/scripts/validate-k8s.ts [file or folder …]   (default deploy/k8s)
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";

export interface ManifestProblem {
  file: string;
  /** "Kind/name", or the document's index when it has none. */
  object: string;
  message: string;
}

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/** The .yaml/.yml files of the given paths (folders read one level deep, in name order). */
export function manifestFiles(paths: string[]): string[] {
  return paths.flatMap((entry) =>
    statSync(entry).isDirectory()
      ? readdirSync(entry)
          .filter((name) => /\.ya?ml$/.test(name))
          .sort()
          .map((name) => path.join(entry, name))
      : [entry],
  );
}

async function modelFor(apiVersion: string, kind: string): Promise<ModelClass | null> {
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion)) return null;
  try {
    const models = (await import(`kubernetes-models/${apiVersion}`)) as Record<string, unknown>;
    const model = models[kind];
    return typeof model === "function" ? (model as ModelClass) : null;
  } catch {
    return null;
  }
}

export async function validateManifestText(file: string, text: string): Promise<ManifestProblem[]> {
  const problems: ManifestProblem[] = [];
  for (const [index, document] of parseAllDocuments(text).entries()) {
    const where = { file, object: `document ${index + 1}` };
    if (document.errors.length > 0) {
      problems.push({ ...where, message: document.errors.map((error) => error.message).join("; ") });
      continue;
    }
    const data = document.toJS() as Record<string, unknown> | null;
    if (data === null) continue; // An empty document (a trailing ---).
    const { apiVersion, kind } = data;
    const name = (data.metadata as { name?: unknown } | undefined)?.name;
    const object = typeof kind === "string" && typeof name === "string" ? `${kind}/${name}` : where.object;
    if (typeof apiVersion !== "string" || typeof kind !== "string") {
      problems.push({ file, object, message: "apiVersion and kind must be strings" });
      continue;
    }
    const Model = await modelFor(apiVersion, kind);
    if (!Model) {
      problems.push({ file, object, message: `${apiVersion} ${kind} is not a Kubernetes v1.36 API type` });
      continue;
    }
    try {
      new Model(data).validate();
    } catch (error) {
      problems.push({ file, object, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return problems;
}

export async function validateManifests(files: string[]): Promise<ManifestProblem[]> {
  const problems: ManifestProblem[] = [];
  for (const file of files) problems.push(...(await validateManifestText(file, readFileSync(file, "utf8"))));
  return problems;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const files = manifestFiles(args.length > 0 ? args : [path.join(import.meta.dirname, "../k8s")]);
  const problems = await validateManifests(files);
  for (const problem of problems) console.error(`${problem.file}: ${problem.object}: ${problem.message}`);
  console.log(
    `${files.length} files checked against the Kubernetes v1.36 schemas: ${problems.length} problems`,
  );
  process.exit(problems.length > 0 ? 1 : 0);
}
