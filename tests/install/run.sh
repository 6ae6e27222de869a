#!/usr/bin/env bash
# The fresh-project install test: packs the solution, then, in a new folder that knows nothing of this
# repository, creates a console app the way a user would (`dotnet new console`, `dotnet add package
# DocStore`), builds it with warnings as errors (the generator and analyzers run from the package),
# checks that a broken model and malformed constant SQL fail the build with the analyzers' errors, runs the program, publishes it
# with NativeAOT and runs the native binary, and installs the `docstore` tool from the same packages
# and runs it on the file the program wrote.
#
# Packages come from artifacts/packages beside the normal NuGet source (nuget.config written below).
# Earlier copies of this version are removed from the NuGet cache first, so the test always installs
# the packages just built.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
packages="$repo/artifacts/packages"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { echo "== install test: $*"; }

step "pack the solution into $packages"
rm -rf "$packages"
dotnet pack "$repo/DocStore.sln" -c Release -o "$packages" -v quiet -nologo
version="$(ls "$packages"/DocStore.[0-9]*.nupkg | sed -E 's/.*DocStore\.([0-9].*)\.nupkg/\1/' | head -n 1)"
echo "version $version"

# Same version, new bits: drop what an earlier run left in the global package cache.
cache="$(dotnet nuget locals global-packages --list | sed -E 's/^[^:]*: *//')"
for id in docstore docstore.bson docstore.data docstore.cli docstore.extensions.dependencyinjection docstore.postgresql; do
  rm -rf "$cache/$id/$version"
done

cd "$work"
cat > nuget.config <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$packages" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />
  </packageSources>
</configuration>
XML

step "dotnet new console and dotnet add package DocStore"
dotnet new console -n InstallCheck -o app --framework net10.0 >/dev/null
cd app
dotnet add package DocStore --version "$version" >/dev/null
rm -f Program.cs
cp "$repo/tests/install/app/"*.cs .
grep -q 'PackageReference Include="DocStore"' InstallCheck.csproj

step "build with warnings as errors"
dotnet build -c Release -warnaserror -nologo -v quiet

step "a broken model fails the build with the analyzer's error"
cp "$repo/tests/install/broken/Broken.cs" .
if dotnet build -c Release -nologo -v quiet > broken.log 2>&1; then
  echo "the broken model built; the analyzers did not run from the package"; exit 1
fi
grep -q "DOCS001" broken.log || { cat broken.log; echo "no DOCS001 in the failed build"; exit 1; }
rm Broken.cs broken.log

step "malformed constant SQL fails the build with the SQL analyzer's error"
cp "$repo/tests/install/broken/BrokenSql.cs" .
if dotnet build -c Release -nologo -v quiet > broken.log 2>&1; then
  echo "the malformed SQL built; the SQL analyzer did not run from the package"; exit 1
fi
grep -q "DOCS020" broken.log || { cat broken.log; echo "no DOCS020 in the failed build"; exit 1; }
rm BrokenSql.cs broken.log

step "run"
dotnet run -c Release --no-build -- "$work/app.db"

step "publish with NativeAOT and run the native binary"
dotnet publish -c Release -p:PublishAot=true -o "$work/native" -nologo -v quiet
rm -f "$work/app.db" "$work/app.db-wal" "$work/app.db-redo"
"$work/native/InstallCheck" "$work/app.db"

step "dotnet tool install DocStore.Cli and run docstore on the program's file"
dotnet tool install DocStore.Cli --version "$version" --tool-path "$work/tools" --configfile "$work/nuget.config"
"$work/tools/docstore" check "$work/app.db" | tee "$work/check.txt"
grep -q "3 documents" "$work/check.txt"
"$work/tools/docstore" sql "$work/app.db" "SELECT Email FROM Customers WHERE Address.City = 'London' ORDER BY Email" --format csv | tee "$work/sql.txt"
[ "$(cat "$work/sql.txt")" = "$(printf 'Email\nada@example.org\nalan@example.org')" ]

echo "install test passed ($version)"
