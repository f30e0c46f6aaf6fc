// SPDX-License-Identifier: MIT
// Validates rendered Kubernetes manifests (a YAML stream on stdin) against
// the API's schemas, offline: kubernetes-models carries each kind's schema
// as a compiled validator. Prints one line per object; exits 1 if any
// object is invalid or of a kind it has no schema for.
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";

const docs = parseAllDocuments(readFileSync(0, "utf8"));
let bad = 0;
for (const doc of docs) {
  if (doc.errors.length) {
    console.log(`not YAML: ${doc.errors[0].message}`);
    bad++;
    continue;
  }
  const obj = doc.toJS();
  if (obj === null) continue;
  const what = `${obj.kind} ${obj.metadata?.name}`;
  // apps/v1 -> apps/v1, v1 -> v1 (the core group has no prefix)
  const path = `kubernetes-models/${obj.apiVersion}/${obj.kind}`;
  let Model;
  try {
    Model = (await import(path))[obj.kind];
  } catch (e) {
    console.log(`${what}: no schema for ${obj.apiVersion} ${obj.kind}`);
    bad++;
    continue;
  }
  try {
    new Model(obj).validate();
    console.log(`valid: ${what}`);
  } catch (e) {
    console.log(`invalid: ${what}: ${e.message}`);
    bad++;
  }
}
process.exit(bad ? 1 : 0);
