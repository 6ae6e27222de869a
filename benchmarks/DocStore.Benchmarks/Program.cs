using BenchmarkDotNet.Running;
using DocStore.Benchmarks.Compare;

// `compare ...` runs the side-by-side harness (docs/benchmarks.md); anything else goes to the
// BenchmarkDotNet suites: dotnet run -c Release --project benchmarks/DocStore.Benchmarks -- --filter '*'
if (args.Length > 0 && args[0] == "compare")
{
    return CompareCommand.Run(args[1..], Console.Out);
}

BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
return 0;
