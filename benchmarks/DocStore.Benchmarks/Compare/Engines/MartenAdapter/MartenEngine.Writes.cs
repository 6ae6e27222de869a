using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.MartenAdapter;

/// <summary>Writes: a lightweight session (no identity map or change tracking), <c>Store</c> (an upsert) or <c>Update</c>, one <c>SaveChangesAsync</c>.</summary>
internal sealed partial class MartenEngine
{
    public void Insert(IReadOnlyList<Person> people)
    {
        using var session = _store.LightweightSession();
        session.Store<Person>(people);
        session.SaveChangesAsync().GetAwaiter().GetResult();
    }

    public void Update(Person person)
    {
        using var session = _store.LightweightSession();
        session.Update(person);
        session.SaveChangesAsync().GetAwaiter().GetResult();
    }
}
