using System.Collections.Immutable;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>
/// Test sources for the LINQ checks: a model with every kind of index, and a method whose parameters the
/// query bodies use. When the DocStore assembly has no LINQ surface yet, the compilation declares its shape.
/// </summary>
internal static class QuerySource
{
    public const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Linq;\nusing DocStore;\n";

    public const string Model = """
        public class Address { public string City { get; set; } = ""; public string Street { get; set; } = ""; }
        public class Line { public string Sku { get; set; } = ""; public int Quantity { get; set; } }
        public class Filter { public int MinAge { get; set; } public string City = ""; }
        [Collection]
        [Index("Address.City")]
        [Index("Tags[]")]
        [Index("Lines[].Sku")]
        [Index("Country", "Nick", Name = "CountryNick")]
        public partial class Person
        {
            [Key] public int Id { get; set; }
            [Index(Unique = true)] public string Email { get; set; } = "";
            [Field("full_name")] public string Name { get; set; } = "";
            public string Country { get; set; } = "";
            public int Age { get; set; }
            [Index] public int Rank { get; set; }
            public int? Score { get; set; }
            public bool Active { get; set; }
            public string Nick { get; set; } = "";
            public string Note { get; set; } = "";
            public Address Address { get; set; } = new();
            public string[] Tags { get; set; } = [];
            public int[] Scores { get; set; } = [];
            public List<Line> Lines { get; set; } = new();
            [Ignore] public string Secret { get; set; } = "";
            public string Display => Name + "!";
            public string Shout() => Name;
        }

        """;

    /// <summary>
    /// The LINQ surface as the runtime declares it, for a DocStore assembly that predates it: the query is also
    /// an IAsyncEnumerable, and its own Where, OrderBy, Select, Skip and Take settle the overload that
    /// System.Linq.AsyncEnumerable would make ambiguous.
    /// </summary>
    private const string Surface = """
        namespace DocStore
        {
            using System.Linq.Expressions;

            public sealed class CollectionQuery<T> : IOrderedQueryable<T>, IAsyncEnumerable<T>
            {
                public Type ElementType => typeof(T);
                public Expression Expression => throw new InvalidOperationException();
                public IQueryProvider Provider => throw new InvalidOperationException();
                public IQueryable<T> Where(Expression<Func<T, bool>> predicate) => Queryable.Where(this, predicate);
                public IOrderedQueryable<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector) => Queryable.OrderBy(this, keySelector);
                public IOrderedQueryable<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector, IComparer<TKey>? comparer) => Queryable.OrderBy(this, keySelector, comparer);
                public IOrderedQueryable<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => Queryable.OrderByDescending(this, keySelector);
                public IQueryable<TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => Queryable.Select(this, selector);
                public IQueryable<T> Skip(int count) => Queryable.Skip(this, count);
                public IQueryable<T> Take(int count) => Queryable.Take(this, count);
                public IEnumerator<T> GetEnumerator() => throw new InvalidOperationException();
                System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
                public IAsyncEnumerator<T> GetAsyncEnumerator(System.Threading.CancellationToken cancellationToken = default) => throw new InvalidOperationException();
            }

            public static class DocumentCollectionQuery
            {
                extension<T, TKey>(DocumentCollection<T, TKey> collection) where TKey : notnull
                {
                    public CollectionQuery<T> Query() => throw new InvalidOperationException();
                    public CollectionQuery<T> Query(DocStoreTransaction transaction) => throw new InvalidOperationException();
                }
            }

            public static class DocStoreQueryable
            {
                public static System.Threading.Tasks.ValueTask<List<T>> ToListAsync<T>(this IQueryable<T> query, System.Threading.CancellationToken cancellationToken = default) => throw new InvalidOperationException();
                public static string Explain<T>(this IQueryable<T> query) => throw new InvalidOperationException();
            }
        }

        """;

    private static bool RuntimeHasLinq => typeof(DocStoreContext).Assembly.GetType("DocStore.CollectionQuery`1") is not null;

    /// <summary>The whole source for a method body over <c>people</c> and some captured values.</summary>
    public static string Of(string body, string members = "") =>
        Usings + Model + (RuntimeHasLinq ? string.Empty : Surface)
        + "public static class Use\n{\n    private static bool Helper(Person p) => p.Age > 3;\n" + members
        + "    public static void Run(DocumentCollection<Person, int> people, DocStoreTransaction tx, int minAge, string city, int[] ids, List<string> names, Filter filter)\n    {\n"
        + body + "\n    }\n}\n";

    /// <summary>The DOCS diagnostics of <paramref name="body"/>, after checking that it compiles.</summary>
    public static ImmutableArray<Diagnostic> Analyze(string body, string members = "")
    {
        string source = Of(body, members);
        AssertCompiles(source);
        return TestCompilation.Analyze(source);
    }

    /// <summary>Asserts one diagnostic, <paramref name="id"/>, exactly at the <c>[| |]</c> span of <paramref name="body"/>.</summary>
    public static Diagnostic Single(string id, string body, DiagnosticSeverity severity)
    {
        (string source, TextSpan span) = Markup.Parse(Of(body));
        AssertCompiles(source);
        ImmutableArray<Diagnostic> diagnostics = TestCompilation.Analyze(source);
        Diagnostic diagnostic = Assert.Single(diagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(severity, diagnostic.Severity);
        Assert.Equal(source[span.Start..span.End], source[diagnostic.Location.SourceSpan.Start..diagnostic.Location.SourceSpan.End]);
        Assert.Equal($"https://github.com/docstore/docstore/blob/main/docs/diagnostics/{id}.md", diagnostic.Descriptor.HelpLinkUri);
        return diagnostic;
    }

    // A test over code that does not compile would check the analyzer on a tree the compiler rejects.
    private static void AssertCompiles(string source)
    {
        var errors = TestCompilation.Create(source).GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, string.Join("\n", errors));
    }
}
