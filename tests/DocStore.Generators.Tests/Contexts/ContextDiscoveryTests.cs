using System.Collections.Immutable;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.Contexts;

/// <summary>How the generator finds contexts: by <c>[ContextCollections]</c>, or by a direct or indirect DocStoreContext base.</summary>
public sealed class ContextDiscoveryTests
{
    private const string Source = """
        using DocStore;
        namespace Shop;
        [Collection] public partial class Person { [Key] public int Id { get; set; } }
        public partial class DirectDb : DocStoreContext { }
        [ContextCollections(typeof(Person))] public partial class ListedDb : DocStoreContext { }
        public abstract class BaseDb : DocStoreContext
        {
            protected BaseDb(string path, DocStoreOptions? options) : base(path, options) { }
        }
        public partial class IndirectDb : BaseDb { }
        public partial class NotADb : System.Collections.Generic.List<int> { }
        """;

    [Fact]
    public void Listed_contexts_come_from_the_attribute_step_and_the_others_from_their_base_class()
    {
        GeneratorRunResult result = Run(Source);

        Assert.Equal(["ListedDb"], ContextNames(result, DocStoreGenerator.Steps.ListedContexts));
        Assert.Equal(["DirectDb", "IndirectDb"], ContextNames(result, DocStoreGenerator.Steps.Contexts));
    }

    [Fact]
    public void Every_context_gets_one_file_and_the_output_compiles()
    {
        var (sources, output) = TestCompilation.Generate(Source);

        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        Assert.Contains("Shop.DirectDb.DocStore.g.cs", sources.Keys);
        Assert.Contains("Shop.ListedDb.DocStore.g.cs", sources.Keys);
        Assert.Contains("Shop.IndirectDb.DocStore.g.cs", sources.Keys);
        Assert.DoesNotContain("Shop.NotADb.DocStore.g.cs", sources.Keys);
        Assert.DoesNotContain("Shop.BaseDb.DocStore.g.cs", sources.Keys);
    }

    [Fact]
    public void A_listed_context_split_over_partial_declarations_gets_one_file()
    {
        const string split = """
            using DocStore;
            namespace Shop;
            [Collection] public partial class Person { [Key] public int Id { get; set; } }
            [ContextCollections(typeof(Person))] public partial class ListedDb : DocStoreContext { }
            public partial class ListedDb : DocStoreContext { }
            """;
        var (sources, output) = TestCompilation.Generate(split);

        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        Assert.Single(sources.Keys, name => name.StartsWith("Shop.ListedDb", StringComparison.Ordinal));
    }

    private static GeneratorRunResult Run(string source) =>
        TestCompilation.CreateDriver().RunGenerators(TestCompilation.Create(source)).GetRunResult().Results.Single();

    private static string[] ContextNames(GeneratorRunResult result, string step) =>
        result.TrackedSteps.TryGetValue(step, out ImmutableArray<IncrementalGeneratorRunStep> runs)
            ? runs.SelectMany(r => r.Outputs)
                .Select(o => ((Model.ContextModel)o.Value).Name)
                .Order(StringComparer.Ordinal)
                .ToArray()
            : [];
}
