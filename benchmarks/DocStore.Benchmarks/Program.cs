using BenchmarkDotNet.Running;
using DocStore.Benchmarks.Compare;
using DocStore.Benchmarks.Memory;
using DocStore.Benchmarks.Space;

// `compare ...` runs the side-by-side harness (docs/benchmarks.md), `compare-peer` is one child process of
// its procs_* rows, `compare-tables` rewrites the docs'
// comparison tables from its JSON, `space ...` prints where the bytes of
// its data sets go (docs/storage.md, "Statistics"), `document-sizes ...` each engine's files for larger
// documents, `load-memory ...` the 1M load's working set per engine process; anything else goes to the
// BenchmarkDotNet suites: dotnet run -c Release --project benchmarks/DocStore.Benchmarks -- --filter '*'
if (args.Length > 0 && args[0] == "compare")
{
    return CompareCommand.Run(args[1..], Console.Out);
}

if (args.Length > 0 && args[0] == "compare-peer")
{
    return DocStore.Benchmarks.Compare.Processes.PeerChild.Run(args[1..], Console.In, Console.Out);
}

if (args.Length > 0 && args[0] == "compare-tables")
{
    return CompareTablesCommand.Run(args[1..], Console.Out);
}

if (args.Length > 0 && args[0] == "load-memory")
{
    return LoadMemoryCommand.Run(args[1..], Console.Out);
}

if (args.Length > 0 && args[0] == "space")
{
    return SpaceCommand.Run(args[1..], Console.Out);
}

if (args.Length > 0 && args[0] == "document-sizes")
{
    return DocumentSizesCommand.Run(args[1..], Console.Out);
}

BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
return 0;
