using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>The verifier's assertions: each names the engine, the workload's question and what differed.</summary>
internal static class Check
{
    public static void That(bool condition, IDocumentEngine engine, string what)
    {
        if (!condition)
        {
            throw new VerificationException($"{engine.Name}: {what}");
        }
    }

    public static void SamePerson(Person? expected, Person? actual, IDocumentEngine engine, string what) =>
        That(PersonComparer.Same(expected, actual), engine, $"{what}: expected person {expected?.Id.ToString() ?? "none"}, got {actual?.Id.ToString() ?? "none"} (or different fields)");

    /// <summary>Same people, same order, every field equal.</summary>
    public static void SamePeople(IReadOnlyList<Person> expected, IReadOnlyList<Person> actual, IDocumentEngine engine, string what)
    {
        That(expected.Count == actual.Count, engine, $"{what}: expected {expected.Count} results, got {actual.Count}");
        for (var i = 0; i < expected.Count; i++)
        {
            SamePerson(expected[i], actual[i], engine, $"{what}, result {i}");
        }
    }
}
