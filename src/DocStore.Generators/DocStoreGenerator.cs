using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using DocStore.Generators.Emit;
using DocStore.Generators.Interceptors;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators;

/// <summary>
/// The DocStore incremental generator: <c>[Collection]</c> types -> parser -> equatable models -> one
/// file per collection; contexts consume only the collected collection names. Model errors are
/// reported by <see cref="Diagnostics.DocStoreAnalyzer"/>, which shares the parser; the generator
/// emits nothing for a type that has any.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class DocStoreGenerator : IIncrementalGenerator
{
    /// <summary>Tracking names of the pipeline steps, for incremental-caching tests.</summary>
    public static class Steps
    {
        /// <summary>Parsed collection models.</summary>
        public const string Collections = "DocStore.Collections";

        /// <summary>The projection of each model to its name and class.</summary>
        public const string CollectionNames = "DocStore.CollectionNames";

        /// <summary>Contexts found by their base class (those without <c>[ContextCollections]</c>).</summary>
        public const string Contexts = "DocStore.Contexts";

        /// <summary>Contexts found by their <c>[ContextCollections]</c> attribute.</summary>
        public const string ListedContexts = "DocStore.ListedContexts";

        /// <summary>LINQ query call sites with a compiled plan.</summary>
        public const string CompiledQueries = "DocStore.CompiledQueries";
    }

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValuesProvider<CollectionModel> collections = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                KnownNames.CollectionAttribute,
                static (node, _) => node is TypeDeclarationSyntax,
                static (syntax, cancellationToken) => CollectionParser.Parse((INamedTypeSymbol)syntax.TargetSymbol, null, cancellationToken))
            .Where(static model => model is not null)
            .Select(static (model, _) => model!)
            .WithTrackingName(Steps.Collections);

        IncrementalValuesProvider<GeneratedFile> collectionFiles = collections
            .Select(static (model, _) => new GeneratedFile(HintName(model.Namespace, model.TypeName), ModelEmitter.Emit(model)));
        context.RegisterSourceOutput(collectionFiles, static (output, file) => output.AddSource(file.Hint, file.Text));

        IncrementalValueProvider<ImmutableArray<CollectionReference>> names = collections
            .Select(static (model, _) => new CollectionReference(
                model.CollectionName,
                Qualified(model.Namespace, model.CollectionClassName),
                model.IsPublic,
                Qualified(model.Namespace, model.TypeName)))
            .WithTrackingName(Steps.CollectionNames)
            .Collect();

        // A context that lists its collections carries [ContextCollections]: the compiler's attribute index
        // finds it without any semantic work on other classes.
        IncrementalValuesProvider<ContextModel> listed = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                KnownNames.ContextCollectionsAttribute,
                static (node, _) => node is ClassDeclarationSyntax,
                static (syntax, _) => ContextParser.Parse((INamedTypeSymbol)syntax.TargetSymbol))
            .Where(static model => model is not null)
            .Select(static (model, _) => model!)
            .WithTrackingName(Steps.ListedContexts);

        // A context without the attribute is known only by its base class, which may be indirect
        // (AppDb : BaseDb : DocStoreContext), so it needs the symbol. The predicate keeps that to the
        // classes that could be generated: partial, top-level, non-generic, non-abstract, with a base list.
        IncrementalValuesProvider<ContextModel> derived = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => IsContextCandidate(node),
                static (syntax, cancellationToken) =>
                    syntax.SemanticModel.GetDeclaredSymbol((ClassDeclarationSyntax)syntax.Node, cancellationToken) is { } symbol
                        && SymbolFacts.FindAttribute(symbol, KnownNames.ContextCollectionsAttribute) is null
                        ? ContextParser.Parse(symbol)
                        : null)
            .Where(static model => model is not null)
            .Select(static (model, _) => model!)
            .WithTrackingName(Steps.Contexts);

        IncrementalValueProvider<ImmutableArray<ContextModel>> contexts = listed.Collect()
            .Combine(derived.Collect())
            .Select(static (pair, _) => pair.Left.AddRange(pair.Right));

        IncrementalValueProvider<EquatableArray<GeneratedFile>> contextFiles = contexts.Combine(names).Select(static (input, _) =>
        {
            ImmutableArray<CollectionReference> unique = Deduplicate(input.Right);
            return new EquatableArray<GeneratedFile>(input.Left.Distinct()
                .Select(model => new GeneratedFile(HintName(model.Namespace, model.Name), ContextEmitter.Emit(model, unique))));
        });
        context.RegisterSourceOutput(contextFiles, static (output, files) =>
        {
            foreach (GeneratedFile file in files)
            {
                output.AddSource(file.Hint, file.Text);
            }
        });

        InitializeCompiledQueries(context, collectionFiles.Collect().Combine(contextFiles).Select(static (pair, _) => pair.Left.AddRange(pair.Right)));
    }

    /// <summary>
    /// Compiled plans for LINQ query call sites, as interceptors. Only where the project lets the generated
    /// namespace intercept (the package's build props set InterceptorsNamespaces): elsewhere every query
    /// runs through the run-time planner, as it would without the generator.
    /// </summary>
    private static void InitializeCompiledQueries(IncrementalGeneratorInitializationContext context, IncrementalValueProvider<ImmutableArray<GeneratedFile>> generated)
    {
        IncrementalValueProvider<bool> enabled = context.ParseOptionsProvider.Select(static (options, _) => InterceptorEmitter.IsEnabled(options));

        // The candidates are found by syntax alone; they are read against the compilation with the generated
        // files added (the collection properties a query starts from are generated), so the reading step runs
        // again on every compilation, and its equatable result keeps the output cached when nothing changed.
        IncrementalValueProvider<ImmutableArray<InvocationExpressionSyntax>> candidates = context.SyntaxProvider
            .CreateSyntaxProvider(static (node, _) => CallSiteReader.IsCandidate(node), static (syntax, _) => (InvocationExpressionSyntax)syntax.Node)
            .Collect();

        IncrementalValueProvider<EquatableArray<CompiledCallSite>> sites = candidates
            .Combine(enabled)
            .Combine(generated)
            .Combine(context.CompilationProvider)
            .Select(static (input, cancellationToken) =>
                CallSiteScan.Read(input.Left.Left.Left, input.Left.Left.Right, input.Left.Right, input.Right, cancellationToken))
            .WithTrackingName(Steps.CompiledQueries);

        context.RegisterSourceOutput(sites, static (output, found) =>
        {
            if (found.Length > 0)
            {
                output.AddSource("DocStore.CompiledQueries.g.cs", InterceptorEmitter.Emit(found.ToImmutableArray()));
            }
        });
    }

    private static bool IsContextCandidate(SyntaxNode node) =>
        node is ClassDeclarationSyntax
        {
            BaseList: not null,
            TypeParameterList: null,
            Parent: BaseNamespaceDeclarationSyntax or CompilationUnitSyntax,
        } declaration
        && declaration.Modifiers.Any(SyntaxKind.PartialKeyword)
        && !declaration.Modifiers.Any(SyntaxKind.AbstractKeyword);

    private static string Qualified(string ns, string name) =>
        "global::" + (ns.Length > 0 ? ns + "." : string.Empty) + name;

    private static string HintName(string ns, string name) =>
        (ns.Length > 0 ? ns + "." : string.Empty) + name + ".DocStore.g.cs";

    /// <summary>Two types claiming one name are DOCS009; keep the first by class name so the context still compiles.</summary>
    private static ImmutableArray<CollectionReference> Deduplicate(ImmutableArray<CollectionReference> collections)
    {
        var seen = new HashSet<string>();
        return collections
            .OrderBy(c => c.CollectionClassName, System.StringComparer.Ordinal)
            .Where(c => seen.Add(c.CollectionName))
            .ToImmutableArray();
    }
}
