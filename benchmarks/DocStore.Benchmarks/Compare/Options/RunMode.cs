namespace DocStore.Benchmarks.Compare.Options;

/// <summary>How long the run may take: tiny counts for the test, a few minutes, or the full sizes of the issue.</summary>
public enum RunMode
{
    Full,
    Quick,
    Smoke,
}
