using BenchmarkDotNet.Running;

// Runs the BenchmarkDotNet suites: dotnet run -c Release --project benchmarks/DocStore.Benchmarks -- --filter '*'
BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
