using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>Point reads from one thread of the concurrent workloads.</summary>
public interface IPersonReader : IDisposable
{
    Person? GetById(long id);
}
