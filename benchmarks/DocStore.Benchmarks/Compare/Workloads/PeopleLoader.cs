using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>Fills an engine with people 1..count in transactions of 1,000 (set-up, never measured).</summary>
internal static class PeopleLoader
{
    public const int DefaultBioLength = 160;

    public static void Load(IDocumentEngine engine, int count, int bioLength = DefaultBioLength)
    {
        var batch = new List<Person>(1000);
        for (long id = 1; id <= count; id++)
        {
            batch.Add(PersonFactory.Create(id, bioLength));
            if (batch.Count == 1000 || id == count)
            {
                engine.Insert(batch);
                batch.Clear();
            }
        }
    }

    /// <summary>Checks a few random stored people (and a missing id) against the factory.</summary>
    public static void VerifySample(IDocumentEngine engine, int count, string workload, int bioLength = DefaultBioLength)
    {
        var random = new Random(count);
        for (var i = 0; i < 50; i++)
        {
            var id = random.NextInt64(1, count + 1);
            Check.SamePerson(PersonFactory.Create(id, bioLength), engine.GetById(id), engine, $"{workload}: Get({id})");
        }

        Check.That(engine.GetById(count + 1_000_000L) is null, engine, $"{workload}: Get of a missing id returned a document");
    }
}
