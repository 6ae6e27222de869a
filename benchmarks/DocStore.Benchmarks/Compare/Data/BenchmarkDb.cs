namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// The benchmarks' database context: the generator adds <c>People</c>, <c>Usertable</c>, <c>Orders</c>,
/// <c>Open(path, options)</c> and <c>OpenInMemory(options)</c>. It lists the collections the harness uses, so
/// the serialization suite's <c>BenchPeople</c> (a <c>[Collection]</c> of the same assembly) gets no tree in
/// its files.
/// </summary>
[ContextCollections(typeof(Person), typeof(YcsbDocument), typeof(Order))]
public sealed partial class BenchmarkDb : DocStoreContext;
