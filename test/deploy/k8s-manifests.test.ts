// deploy/k8s/ passes the Kubernetes v1.36 schemas (deploy/scripts/validate-k8s.ts), the validator
// really refuses broken manifests, and the Deployment agrees with what the image and server do: the
// probes, the port, the drain and the secrets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { manifestFiles, validateManifests, validateManifestText } from "../../deploy/scripts/validate-k8s.ts";

const folder = path.resolve(import.meta.dirname, "../../deploy/k8s");
const files = manifestFiles([folder]);

function objects(): Record<string, unknown>[] {
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(file, "utf8")).map(
      (document) => document.toJS() as Record<string, unknown>,
    ),
  );
}

describe("deploy/k8s", () => {
  it("passes the Kubernetes schemas", async () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    expect(await validateManifests(files)).toEqual([]);
  });

  it("holds the objects a cluster needs", () => {
    const kinds = objects().map((object) => object.kind);
    for (const kind of [
      "Deployment",
      "Service",
      "Ingress",
      "PodDisruptionBudget",
      "HorizontalPodAutoscaler",
      "Secret",
      "ConfigMap",
    ])
      expect(kinds).toContain(kind);
  });

  it("refuses a manifest with wrong types, unknown enums, missing fields or an unknown kind", async () => {
    const deployment = readFileSync(path.join(folder, "deployment.yaml"), "utf8");
    const broken = deployment
      .replace("replicas: 2", "replicas: two")
      .replace("type: RollingUpdate", "type: Rolling")
      .replace("- name: portico\n          image:", "- image:");
    const problems = await validateManifestText("broken.yaml", broken);
    const message = problems.map((problem) => problem.message).join("\n");
    expect(problems.map((problem) => problem.object)).toEqual(["Deployment/portico"]);
    expect(message).toContain("spec/replicas must be integer");
    expect(message).toContain("spec/strategy/type must be equal to one of the allowed values");
    expect(message).toContain("containers/0 must have required property name");
    const unknown = await validateManifestText(
      "x.yaml",
      "apiVersion: apps/v1\nkind: Deploymnet\nmetadata: {name: x}\n",
    );
    expect(unknown[0]?.message).toContain("is not a Kubernetes v1.36 API type");
    const unparsable = await validateManifestText("y.yaml", "apiVersion: v1\nkind: [Service\n");
    expect(unparsable).toHaveLength(1);
  });

  it("probes, port, drain and secrets match the server", () => {
    const deployment = objects().find((object) => object.kind === "Deployment") as {
      spec: { template: { spec: Record<string, unknown> } };
    };
    const pod = deployment.spec.template.spec as {
      terminationGracePeriodSeconds: number;
      containers: {
        ports: { containerPort: number }[];
        readinessProbe: { httpGet: { path: string } };
        livenessProbe: { httpGet: { path: string } };
        lifecycle: { preStop: { sleep: { seconds: number } } };
        env: { name: string; value: string }[];
        envFrom: { secretRef?: { name: string } }[];
      }[];
    };
    const [container] = pod.containers;
    if (!container) throw new Error("no container");
    expect(container.ports[0]?.containerPort).toBe(3000); // the image's PORT
    expect(container.readinessProbe.httpGet.path).toBe("/readyz");
    expect(container.livenessProbe.httpGet.path).toBe("/healthz");
    // The grace period covers the preStop pause, the server's own delay and the longest tool call
    // (TOOL_TIMEOUT_MS, 60 s by default), or the kubelet kills calls that were still running.
    const delay =
      Number(container.env.find((entry) => entry.name === "SHUTDOWN_DELAY_MS")?.value ?? 0) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      container.lifecycle.preStop.sleep.seconds + delay + 60,
    );
    const secretName = container.envFrom.find((source) => source.secretRef)?.secretRef?.name;
    const secret = objects().find((object) => object.kind === "Secret") as {
      metadata: { name: string };
      stringData: Record<string, string>;
    };
    expect(secret.metadata.name).toBe(secretName);
    expect(Object.keys(secret.stringData).sort()).toEqual([
      "BETTER_AUTH_SECRET",
      "DATABASE_URL",
      "ENCRYPTION_KEYS",
    ]);
  });
});
