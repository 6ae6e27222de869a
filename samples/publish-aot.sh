#!/usr/bin/env bash
# Publishes the QuickStart sample with NativeAOT and runs the native binary once, failing on any trim or
# AOT warning (warnings are errors in every project) or when the sample does not finish its integrity
# check. The build goes to its own artifacts folder so the normal net10.0 build is left untouched.
#
# Framework: net10.0, the project's own. DOCSTORE_AOT_FRAMEWORK=net9.0 publishes for .NET 9 instead, for a
# NuGet source that lacks Microsoft.NETCore.App.Runtime.NativeAOT.linux-x64 for .NET 10 (this machine's
# mirror lacked it until 2026-11-22; see docs/dependencies.md).
set -euo pipefail
cd "$(dirname "$0")/.."
framework="${DOCSTORE_AOT_FRAMEWORK:-net10.0}"
artifacts="${DOCSTORE_AOT_ARTIFACTS:-$(mktemp -d)}"
out="$artifacts/native"

dotnet publish samples/QuickStart -c Release -p:DocStoreAotFramework="$framework" \
  --artifacts-path "$artifacts" -o "$out"

# Run in a scratch folder so the sample's quickstart.db does not collide with the JIT sample's file.
(cd "$artifacts" && "$out/QuickStart") | tee "$artifacts/run.txt"
grep -q "^Integrity check: ok" "$artifacts/run.txt"
echo "NativeAOT ($framework) sample published to $out and ran"
