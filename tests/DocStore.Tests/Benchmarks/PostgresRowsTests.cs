using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Tests.Benchmarks;

/// <summary>The <c>pg_*</c> compare rows: selected only by name, and always run on DocStore.PostgreSQL and Marten.</summary>
public sealed class PostgresRowsTests
{
    [Fact]
    public void Default_run_has_no_pg_row()
    {
        Assert.DoesNotContain(WorkloadCatalog.Select([]), w => w.Name.StartsWith("pg_", StringComparison.Ordinal));
    }

    [Fact]
    public void Pg_prefix_selects_the_five_rows_on_their_own_engines()
    {
        var rows = WorkloadCatalog.Select(["pg_*"]);

        Assert.Equal(["pg_get", "pg_find_unique_email", "pg_range_age_1000", "pg_insert_batch100", "pg_mix_50read_50update"], rows.Select(w => w.Name));
        Assert.All(rows, w => Assert.Equal([EngineCatalog.DocStorePostgresName, EngineCatalog.MartenName], w.EnginesFor(EngineCatalog.Names)));
    }

    [Fact]
    public void Other_rows_keep_the_selected_engines()
    {
        var get = Assert.Single(WorkloadCatalog.Select(["get_warm"]));

        Assert.Equal(EngineCatalog.Names, get.EnginesFor(EngineCatalog.Names));
    }
}
