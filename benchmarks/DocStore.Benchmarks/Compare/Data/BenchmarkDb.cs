namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// The benchmarks' database context: the generator adds <c>People</c>, <c>Usertable</c> (and
/// <c>BenchPeople</c>, the serialization suite's model, as every <c>[Collection]</c> of the assembly
/// joins every context), <c>Open(path, options)</c> and <c>OpenInMemory(options)</c>.
/// </summary>
public sealed partial class BenchmarkDb : DocStoreContext;
