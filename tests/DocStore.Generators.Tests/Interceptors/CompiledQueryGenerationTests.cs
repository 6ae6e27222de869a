using DocStore.Generators.QueryChecks;
using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Tests.Interceptors;

/// <summary>The interceptors written for LINQ query call sites: which sites get one, and that the output compiles.</summary>
public class CompiledQueryGenerationTests
{
    private const string Hint = "DocStore.CompiledQueries.g.cs";

    /// <summary>One call site per compiled form, and forms left to the run time.</summary>
    private const string Queries = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading.Tasks;
        using DocStore;

        namespace MyApp;

        public static class Queries
        {
            public static Person? ByEmail(AppDb db, string email) => db.People.Query().Where(p => p.Email == email).FirstOrDefault();

            public static List<Person> ByAge(AppDb db, int low, int high) =>
                db.People.Query().Where(p => p.Age >= low && p.Age <= high).OrderBy(p => p.Age).Skip(2).Take(10).ToList();

            public static int InCity(AppDb db, string city) => db.People.Query().Where(p => p.Address.City == city).Count();

            public static ValueTask<List<Person>> ByPrefix(AppDb db, string prefix) =>
                db.People.Query().Where(p => p.Email.StartsWith(prefix)).OrderByDescending(p => p.Email).ToListAsync();

            public static string Plan(AppDb db) => db.People.Query().Where(p => p.Age > 30).OrderBy(p => p.Age).Explain();

            // Consumed by enumeration: the last operator is intercepted, and what it returns carries the plan.
            public static void Fill(AppDb db, string city, List<Person> into) => into.AddRange(db.People.Query().Where(p => p.Address.City == city));

            public static int Youngest(AppDb db, int low)
            {
                int seen = 0;
                foreach (var person in db.People.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(5))
                {
                    seen += person.Age;
                }

                return seen;
            }

            public static IQueryable<Person> Escapes(AppDb db) => db.People.Query().Where(p => p.Age == 3);

            // An element of a sequence member: a seek of the multikey index.
            public static List<Person> Tagged(AppDb db) => db.People.Query().Where(p => p.Tags.Contains("x")).ToList();

            // Projections read the selected fields: a member, a nested member in a named type.
            public static List<string> Emails(AppDb db) => db.People.Query().Where(p => p.Age == 3).Select(p => p.Email).ToList();

            public static void Cities(AppDb db, string email, List<KeyValuePair<string, string>> into) =>
                into.AddRange(db.People.Query().Where(p => p.Email == email).Select(p => new KeyValuePair<string, string>(p.Email, p.Address.City)));

            // A range without an ordering: the walk's matches sorted by key. Left to the run time: a list of values on a member that is not an integer key.
            public static List<Person> Unordered(AppDb db) => db.People.Query().Where(p => p.Age > 30).ToList();

            public static void Keyed(AppDb db, List<int> ages, List<Person> into) => into.AddRange(db.People.Query().Where(p => ages.Contains(p.Age)));

            // An anonymous type: a generic interceptor, at a terminal and at the last operator of an enumerated chain.
            public static int Anonymous(AppDb db) => db.People.Query().Where(p => p.Age == 3).Select(p => new { p.Email }).ToList().Count;

            public static int AnonymousRows(AppDb db, int age)
            {
                int seen = 0;
                foreach (var row in db.People.Query().Where(p => p.Age == age).Select(p => new { p.Email, p.Age }))
                {
                    seen += row.Age;
                }

                return seen;
            }

            // A residual filter: the index serves one condition, the rest is tested on the stored bytes.
            // A range comes before a prefix, as the run-time planner chooses.
            public static List<Person> Residual(AppDb db, string prefix, int age) =>
                db.People.Query().Where(p => p.Email.StartsWith(prefix) && p.Age >= age).OrderBy(p => p.Age).ToList();

            // A projection after a multikey seek.
            public static List<string> TaggedEmails(AppDb db) => db.People.Query().Where(p => p.Tags.Contains("x")).Select(p => p.Email).ToList();

            // A projection of a unique seek reads one document's fields; pages continue from a token.
            public static int AgeOf(AppDb db, string email) => db.People.Query().Where(p => p.Email == email).Select(p => p.Age).FirstOrDefault();

            public static DocumentPage<Person> Page(AppDb db, int low, string? token) => db.People.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).Take(20).ToPage(token);

            public static ValueTask<DocumentPage<string>> EmailPage(AppDb db, string prefix) =>
                db.People.Query().Where(p => p.Email.StartsWith(prefix)).OrderBy(p => p.Email).Take(5).Select(p => p.Email).ToPageAsync();
        }
        """;

    [Fact]
    public void Interceptors_for_the_compiled_forms()
    {
        var (sources, _) = TestCompilation.Generate(TestModels.Issue, Queries);
        Snapshot.Verify(sources[Hint], "CompiledQueries");
    }

    /// <summary>Unindexed members of several types, for compiled scans.</summary>
    private const string ScanModel = """
        using DocStore;

        namespace MyApp;

        [Collection]
        public partial class Item
        {
            [Key] public int Id { get; set; }
            [Index] public int Age { get; set; }
            public string? Name { get; set; }
            public double Weight { get; set; }
            public bool Active { get; set; }
            public int? Level { get; set; }
        }

        public partial class ShopDb : DocStoreContext { }
        """;

    /// <summary>Scans over strings, doubles, bools and nullable members with ||, ! and null; and one left to the run time.</summary>
    private const string Scans = """
        using System.Collections.Generic;
        using System.Linq;
        using DocStore;

        namespace MyApp;

        public static class Scans
        {
            public static List<Item> Named(ShopDb db, string? name, double weight) =>
                db.Items.Query().Where(p => p.Name == name || (p.Weight > weight && !p.Active)).ToList();

            public static int Levels(ShopDb db, int? level) => db.Items.Query().Where(p => p.Level != level && p.Name!.StartsWith("a")).Count();

            public static void Fill(ShopDb db, List<Item> into) => into.AddRange(db.Items.Query().Where(p => p.Active));

            // A member that leads an index: the run time walks the index, in its order.
            public static List<Item> Indexed(ShopDb db) => db.Items.Query().Where(p => p.Age == 3 || p.Active).ToList();
        }
        """;

    [Fact]
    public void Interceptors_for_compiled_scans()
    {
        var (sources, output) = TestCompilation.Generate(ScanModel, Scans);
        Assert.Equal(3, CountOf(sources[Hint], "InterceptsLocation(1,"));
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        Snapshot.Verify(sources[Hint], "CompiledScans");
    }

    [Fact]
    public void Each_compiled_form_gets_one_interceptor_and_the_output_compiles()
    {
        var (sources, output) = TestCompilation.Generate(TestModels.Issue, Queries);
        // Address = new() reads a missing Address as a fresh one, whose City reads as "": Address.City stays compiled.
        Assert.Equal(19, CountOf(sources[Hint], "InterceptsLocation(1,"));
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
    }

    /// <summary>A composite index beside a single-path one on its leading member.</summary>
    private const string CompositeModel = """
        using DocStore;

        namespace MyApp;

        [Collection]
        [Index(nameof(Age), nameof(Name), Name = "AgeName")]
        public partial class Item
        {
            [Key] public int Id { get; set; }
            [Index] public int Age { get; set; }
            public string? Name { get; set; }
            public bool Active { get; set; }
        }

        public partial class ShopDb : DocStoreContext { }
        """;

    [Fact]
    public void An_equality_and_a_prefix_on_a_composite_index_walk_it_as_the_planner_would()
    {
        const string source = "using System.Collections.Generic; using System.Linq; using DocStore; namespace MyApp; public static class Q { "
            + "public static List<Item> F(ShopDb db, int age, string prefix) => db.Items.Query().Where(p => p.Age == age && p.Name!.StartsWith(prefix) && p.Active).ToList(); }";
        var (sources, output) = TestCompilation.Generate(CompositeModel, source);
        string generated = sources[Hint];
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));

        // The planner scores the composite index higher (an equality and a prefix) than Age's own (an equality).
        Assert.Contains("lowKey.Append(e0);", generated, StringComparison.Ordinal);
        Assert.Contains("highKey.AppendStringPrefix(text);", generated, StringComparison.Ordinal);
        Assert.Contains("plan.Low, plan.High, false, true, s_residual0, plan.Value1,", generated, StringComparison.Ordinal);
    }

    [Fact]
    public void Nothing_is_intercepted_where_the_project_does_not_allow_the_namespace()
    {
        var (sources, output) = TestCompilation.Generate(new CSharpParseOptions(LanguageVersion.Preview), TestModels.Issue, Queries);
        Assert.False(sources.ContainsKey(Hint));
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
    }

    [Fact]
    public void A_compiled_chain_takes_its_order_from_the_index_so_it_gets_no_sort_warning()
    {
        const string ordered = QueriesHeader + "public static List<Person> F(AppDb db, int low) => db.People.Query().Where(p => p.Age >= low).OrderBy(p => p.Age).ThenBy(p => p.Id).ToList(); }";
        Assert.Empty(SortWarnings(TestCompilation.ParseOptions, ordered));
        Assert.Single(SortWarnings(new CSharpParseOptions(LanguageVersion.Preview), ordered));
    }

    private const string QueriesHeader = "using System.Collections.Generic; using System.Linq; using DocStore; namespace MyApp; public static class Q { ";

    private static List<Diagnostic> SortWarnings(CSharpParseOptions options, string source)
    {
        var (_, output) = TestCompilation.Generate(options, TestModels.Issue, source);
        return [.. output.WithAnalyzers([new QueryAnalyzer()]).GetAnalyzerDiagnosticsAsync().GetAwaiter().GetResult().Where(d => d.Id == "DOCS026")];
    }

    private static int CountOf(string text, string part) => (text.Length - text.Replace(part, string.Empty, StringComparison.Ordinal).Length) / part.Length;
}
