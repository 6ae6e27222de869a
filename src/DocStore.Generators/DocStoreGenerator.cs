using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using DocStore.Generators.Emit;
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

        context.RegisterSourceOutput(collections, static (output, model) =>
            output.AddSource(HintName(model.Namespace, model.TypeName), ModelEmitter.Emit(model)));

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

        context.RegisterSourceOutput(contexts.Combine(names), static (output, input) =>
        {
            ImmutableArray<CollectionReference> unique = Deduplicate(input.Right);
            foreach (ContextModel model in input.Left.Distinct())
            {
                output.AddSource(HintName(model.Namespace, model.Name), ContextEmitter.Emit(model, unique));
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
