using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Differential;

/// <summary>Random writes and queries run on the embedded engine and on PostgreSQL side by side; every result must be the same, in the same order.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class DifferentialTests(PostgresServer server)
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Both_backends_give_the_same_results(int seed)
    {
        using var embedded = new EmbeddedBackend().Open();
        using var postgres = new Semantics.PostgresBackend(server).Open();
        var operations = new RandomOperations(seed);
        var writes = 0;
        for (var step = 0; step < 400; step++)
        {
            var (name, run) = operations.Next();
            var expected = run(embedded);
            var actual = run(postgres);
            Assert.True(expected == actual, $"Seed {seed}, step {step}, {name}:\nembedded:\n{expected}\npostgres:\n{actual}");
            writes += name.StartsWith("Insert", StringComparison.Ordinal) && !expected.Contains("Exception", StringComparison.Ordinal) ? 1 : 0;
        }

        // The run must have exercised something: documents written, and the same ones on both sides.
        Assert.True(writes > 20, $"only {writes} inserts succeeded");
        Assert.Equal(embedded.Members.Scan().Select(m => m.Describe()), postgres.Members.Scan().Select(m => m.Describe()));
    }
}
