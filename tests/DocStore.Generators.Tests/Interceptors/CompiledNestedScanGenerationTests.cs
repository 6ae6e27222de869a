using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.Interceptors;

/// <summary>
/// Compiled scans over a member through a nested object (read lifted, null through a missing parent),
/// enums (compared as their numbers) and dates; a nested bool alone and a nested member that leads an
/// index stay on the run-time path.
/// </summary>
public class CompiledNestedScanGenerationTests
{
    private const string Hint = "DocStore.CompiledQueries.g.cs";

    private const string Model = """
        using System;
        using DocStore;

        namespace MyApp;

        public enum Tier { None, Gold, Silver }

        public class Home
        {
            public string? City { get; set; }
            public int Zip { get; set; }
            public bool Garden { get; set; }
        }

        [Collection]
        [Index("Home.City")]
        public partial class Item
        {
            [Key] public int Id { get; set; }
            public Tier Tier { get; set; }
            public Tier? Grade { get; set; }
            public DateTime? Born { get; set; }
            public DateTimeOffset Seen { get; set; }
            public Home? Home { get; set; }
        }

        public partial class ShopDb : DocStoreContext { }
        """;

    private const string Queries = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using DocStore;

        namespace MyApp;

        public static class Scans
        {
            public static List<Item> Zip(ShopDb db, int zip) => db.Items.Query().Where(p => p.Home!.Zip == zip || !(p.Home!.Zip > 3)).ToList();

            public static int Tiers(ShopDb db, Tier tier) => db.Items.Query().Where(p => p.Tier == tier && p.Grade != Tier.Silver).Count();

            public static List<Item> Dates(ShopDb db, DateTime born, DateTimeOffset seen) => db.Items.Query().Where(p => p.Born >= born || p.Seen < seen).ToList();

            // Left to the run time: a nested bool alone, and a nested member that leads an index.
            public static List<Item> Garden(ShopDb db) => db.Items.Query().Where(p => p.Home!.Garden).ToList();

            public static List<Item> City(ShopDb db) => db.Items.Query().Where(p => p.Home!.City != "Oslo").ToList();
        }
        """;

    [Fact]
    public void Interceptors_for_scans_over_nested_members_enums_and_dates()
    {
        var (sources, output) = TestCompilation.Generate(Model, Queries);
        Assert.Equal(3, sources[Hint].Split("InterceptsLocation(1,").Length - 1);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        Snapshot.Verify(sources[Hint], "CompiledNestedScans");
    }
}
