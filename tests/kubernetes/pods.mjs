// SPDX-License-Identifier: MIT
// The pods that rendered manifests (a YAML stream on stdin) would make,
// as the controllers make them: pod I of a StatefulSet gets the label
// apps.kubernetes.io/pod-index=I, pod I of an Indexed Job gets
// JOB_COMPLETION_INDEX=I, and the kubelet expands $(VAR) in command and
// args from the container's environment (fieldRef to a label,
// configMapKeyRef to a ConfigMap of the stream). One line per container:
//   POD CONTAINER: COMMAND ARGS...
// then one per fact the test checks:
//   POD env NAME=VALUE | POD user UID | POD grace SECONDS
//   POD probe PATH PORT | POD mount PATH VOLUME-KIND | POD volume NAME mode M
//   POD config FILE: (the lines of a ConfigMap file, each prefixed)
// and for each NetworkPolicy's ingress rule, one line per port and peer:
//   policy NAME port P from SELECTOR (pods' labels, "namespace" when
//   any namespace is allowed)
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

const objs = parseAllDocuments(readFileSync(0, "utf8"))
  .map((d) => d.toJS())
  .filter((o) => o);
const configMaps = Object.fromEntries(
  objs.filter((o) => o.kind === "ConfigMap").map((o) => [o.metadata.name, o]),
);
const out = [];

function envOf(c, labels, extra) {
  const env = { ...extra };
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const f = e.valueFrom?.fieldRef?.fieldPath;
    const m = f && /^metadata\.labels\['(.*)'\]$/.exec(f);
    if (m) env[e.name] = labels[m[1]];
    const k = e.valueFrom?.configMapKeyRef;
    if (k) env[e.name] = configMaps[k.name]?.data?.[k.key];
  }
  return env;
}

// The kubelet's $(VAR) expansion: unknown names stay as written.
const expand = (s, env) =>
  String(s).replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (all, n) =>
    env[n] !== undefined ? env[n] : all);

function pod(name, spec, labels, extra) {
  out.push(`${name} grace ${spec.terminationGracePeriodSeconds ?? 30}`);
  out.push(`${name} user ${spec.securityContext?.runAsUser}`);
  for (const v of spec.volumes ?? []) {
    if (v.secret) out.push(`${name} volume ${v.name} secret ${v.secret.secretName} mode ${(v.secret.defaultMode ?? 420).toString(8)}`);
    if (v.emptyDir) out.push(`${name} volume ${v.name} emptyDir`);
    if (v.persistentVolumeClaim) out.push(`${name} volume ${v.name} claim ${v.persistentVolumeClaim.claimName}`);
    if (v.configMap) {
      const cm = configMaps[v.configMap.name];
      if (!cm) out.push(`${name} volume ${v.name} missing ConfigMap ${v.configMap.name}`);
      for (const [file, text] of Object.entries(cm?.data ?? {}))
        for (const line of text.split("\n"))
          out.push(`${name} config ${file}: ${line}`);
    }
  }
  const all = [...(spec.initContainers ?? []).map((c) => ["init", c]),
               ...spec.containers.map((c) => ["main", c])];
  for (const [kind, c] of all) {
    const env = envOf(c, labels, extra);
    const who = `${name} ${kind === "init" ? "init " : ""}${c.name}`;
    const argv = [...(c.command ?? []), ...(c.args ?? [])].map((a) => expand(a, env));
    out.push(`${who}: ${argv.join(" ")}`);
    for (const [k, v] of Object.entries(env)) out.push(`${who} env ${k}=${v}`);
    for (const m of c.volumeMounts ?? [])
      out.push(`${who} mount ${m.mountPath} ${m.name}${m.readOnly ? " ro" : ""}`);
    const p = c.readinessProbe?.httpGet;
    if (p) {
      const port = (c.ports ?? []).find((q) => q.name === p.port)?.containerPort ?? p.port;
      out.push(`${who} probe ${p.path} ${port}`);
    }
    const sc = c.securityContext ?? {};
    out.push(`${who} readonly-root ${sc.readOnlyRootFilesystem === true}`);
  }
}

// A peer of a NetworkPolicy as label=value pairs, In lists joined by |.
function peer(f) {
  const sel = f.podSelector ?? {};
  const terms = Object.entries(sel.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of sel.matchExpressions ?? [])
    terms.push(`${e.key}${e.operator === "In" ? "=" : ` ${e.operator} `}${(e.values ?? []).join("|")}`);
  if (f.namespaceSelector) terms.unshift("namespace");
  return terms.length ? terms.join(",") : "namespace-pods";
}

for (const o of objs) {
  const t = o.spec?.template;
  if (o.kind === "NetworkPolicy")
    for (const rule of o.spec.ingress ?? [])
      for (const port of rule.ports ?? [])
        for (const f of rule.from ?? [])
          out.push(`policy ${o.metadata.name} port ${port.port} from ${peer(f)}`);
  if (o.kind === "StatefulSet") {
    for (let i = 0; i < (o.spec.replicas ?? 1); i++)
      pod(`${o.metadata.name}-${i}`, t.spec,
          { ...t.metadata.labels, "apps.kubernetes.io/pod-index": String(i) }, {});
  } else if (o.kind === "Job") {
    const n = o.spec.completions ?? 1;
    for (let i = 0; i < n; i++) {
      const indexed = o.spec.completionMode === "Indexed";
      pod(indexed ? `${o.metadata.name}-${i}` : o.metadata.name, t.spec,
          t.metadata.labels, indexed ? { JOB_COMPLETION_INDEX: String(i) } : {});
    }
  }
}
console.log(out.join("\n"));
