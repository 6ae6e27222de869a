using System.Collections.Immutable;
using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace DocStore.Generators.Tests.Incremental;

/// <summary>The pipeline's models are equatable, so unchanged input never re-emits source.</summary>
public class IncrementalCachingTests
{
    private static readonly string[] TrackedSteps =
    [
        DocStoreGenerator.Steps.Collections,
        DocStoreGenerator.Steps.CollectionNames,
        DocStoreGenerator.Steps.Contexts,
    ];

    private const string WithMethod = TestModels.Issue + """

        public partial class Person
        {
            public int Twice() => Age * 2;
        }
        """;

    [Fact]
    public void Second_run_on_the_same_compilation_is_all_cached()
    {
        CSharpCompilation compilation = TestCompilation.Create(TestModels.Issue);
        GeneratorDriver driver = TestCompilation.CreateDriver().RunGenerators(compilation);
        driver = driver.RunGenerators(compilation.Clone());

        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        foreach (string step in TrackedSteps)
        {
            ImmutableArray<IncrementalGeneratorRunStep> runs = result.TrackedSteps[step];
            Assert.NotEmpty(runs);
            Assert.All(runs.SelectMany(r => r.Outputs), output => Assert.Equal(IncrementalStepRunReason.Cached, output.Reason));
        }

        Assert.All(result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(r => r.Outputs),
            output => Assert.Equal(IncrementalStepRunReason.Cached, output.Reason));
    }

    [Fact]
    public void Edit_inside_a_method_body_leaves_the_output_unchanged()
    {
        CSharpCompilation compilation = TestCompilation.Create(WithMethod);
        GeneratorDriver driver = TestCompilation.CreateDriver().RunGenerators(compilation);

        SyntaxTree oldTree = compilation.SyntaxTrees.Single();
        SyntaxTree newTree = CSharpSyntaxTree.ParseText(WithMethod.Replace("Age * 2", "Age * 3", StringComparison.Ordinal), TestCompilation.ParseOptions, oldTree.FilePath);
        driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(oldTree, newTree));

        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        IncrementalStepRunReason[] collectionReasons = result.TrackedSteps[DocStoreGenerator.Steps.Collections]
            .SelectMany(r => r.Outputs).Select(o => o.Reason).ToArray();
        Assert.NotEmpty(collectionReasons);
        Assert.All(collectionReasons, reason => Assert.Contains(reason, new[] { IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached }));
        Assert.All(result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(r => r.Outputs),
            output => Assert.Contains(output.Reason, new[] { IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached }));
    }

    [Fact]
    public void Adding_a_member_changes_the_model()
    {
        CSharpCompilation compilation = TestCompilation.Create(WithMethod);
        GeneratorDriver driver = TestCompilation.CreateDriver().RunGenerators(compilation);

        SyntaxTree oldTree = compilation.SyntaxTrees.Single();
        string edited = WithMethod.Replace("public int Twice()", "public int Height { get; set; }\n    public int Twice()", StringComparison.Ordinal);
        driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(oldTree, CSharpSyntaxTree.ParseText(edited, TestCompilation.ParseOptions, oldTree.FilePath)));

        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        Assert.Contains(result.TrackedSteps[DocStoreGenerator.Steps.Collections].SelectMany(r => r.Outputs),
            output => output.Reason == IncrementalStepRunReason.Modified);
    }

    private const string QueryFile = """
        using System.Collections.Generic;
        using System.Linq;
        using DocStore;

        namespace MyApp;

        public static class Queries
        {
            public static Person? ByEmail(AppDb db, string email) => db.People.Query().Where(p => p.Email == email).FirstOrDefault();
        }
        """;

    /// <summary>
    /// The compiled-query step reads call sites against each new compilation (it needs the generated
    /// members), so it runs again, but its equatable result leaves the interceptor file cached when
    /// another file changes. (An edit to the call site's own file changes its location data.)
    /// </summary>
    [Fact]
    public void An_edit_that_changes_no_call_site_leaves_the_interceptors_cached()
    {
        CSharpCompilation compilation = TestCompilation.Create(WithMethod, QueryFile);
        GeneratorDriver driver = TestCompilation.CreateDriver().RunGenerators(compilation);
        Assert.Contains(driver.GetRunResult().Results.Single().GeneratedSources, s => s.HintName == "DocStore.CompiledQueries.g.cs");

        SyntaxTree oldTree = compilation.SyntaxTrees.First();
        string edited = WithMethod.Replace("Age * 2", "Age * 3", StringComparison.Ordinal);
        driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(oldTree, CSharpSyntaxTree.ParseText(edited, TestCompilation.ParseOptions, oldTree.FilePath)));

        GeneratorRunResult result = driver.GetRunResult().Results.Single();
        Assert.All(result.TrackedSteps[DocStoreGenerator.Steps.CompiledQueries].SelectMany(r => r.Outputs),
            output => Assert.Contains(output.Reason, new[] { IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached }));
        Assert.All(result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(r => r.Outputs),
            output => Assert.Contains(output.Reason, new[] { IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached }));
    }
}
