using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Diagnostics;

/// <summary>
/// Reports every DocStore model error. It runs the generator's own parser, so whatever the analyzer
/// accepts the generator emits, and whatever it rejects the generator skips.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class DocStoreAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        DiagnosticDescriptors.TypeNotPartial,
        DiagnosticDescriptors.MissingKey,
        DiagnosticDescriptors.DuplicateKey,
        DiagnosticDescriptors.UnsupportedKeyType,
        DiagnosticDescriptors.UnsupportedMemberType,
        DiagnosticDescriptors.UnresolvedIndexPath,
        DiagnosticDescriptors.UnorderableIndex,
        DiagnosticDescriptors.UniqueMultikeyIndex,
        DiagnosticDescriptors.DuplicateCollectionName,
        DiagnosticDescriptors.DuplicateIndexName,
        DiagnosticDescriptors.NoUsableConstructor,
        DiagnosticDescriptors.AbstractMemberType,
        DiagnosticDescriptors.DuplicateStoredName,
        DiagnosticDescriptors.InvalidCollectionType,
        DiagnosticDescriptors.InvalidStoredName,
        DiagnosticDescriptors.ContextNotPartial,
        DiagnosticDescriptors.SeveralMultikeyPaths,
        DiagnosticDescriptors.InvalidCollectionName,
        DiagnosticDescriptors.InvalidContextType,
        DiagnosticDescriptors.ListedTypeNotCollection,
        DiagnosticDescriptors.CollectionNamedLikeContext);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            var names = new ConcurrentBag<(string Name, INamedTypeSymbol Type)>();
            var contexts = new ConcurrentBag<INamedTypeSymbol>();
            start.RegisterSymbolAction(symbolContext => AnalyzeType(symbolContext, names, contexts), SymbolKind.NamedType);
            start.RegisterCompilationEndAction(end =>
            {
                ReportDuplicateNames(end, names);
                ReportCollectionsNamedLikeTheirContext(end, names, contexts);
            });
        });
    }

    private static void AnalyzeType(SymbolAnalysisContext context, ConcurrentBag<(string Name, INamedTypeSymbol Type)> names, ConcurrentBag<INamedTypeSymbol> contexts)
    {
        var type = (INamedTypeSymbol)context.Symbol;
        if (SymbolFacts.FindAttribute(type, KnownNames.CollectionAttribute) is not null)
        {
            var diagnostics = new List<Diagnostic>();
            CollectionModel? model = CollectionParser.Parse(type, diagnostics, context.CancellationToken);
            foreach (Diagnostic diagnostic in diagnostics)
            {
                context.ReportDiagnostic(diagnostic);
            }

            if (model is not null)
            {
                names.Add((model.CollectionName, type));
            }
        }

        if (ContextParser.IsContext(type) && (type.ContainingType is not null || type.IsGenericType))
        {
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.InvalidContextType, SourceLocations.TypeIdentifier(type), type.Name));
        }
        else if (ContextParser.IsContext(type) && !type.DeclaringSyntaxReferences.Any(r =>
                r.GetSyntax(context.CancellationToken) is ClassDeclarationSyntax declaration
                && declaration.Modifiers.Any(SyntaxKind.PartialKeyword)))
        {
            context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.ContextNotPartial, SourceLocations.TypeIdentifier(type), type.Name));
        }

        if (ContextParser.IsContext(type))
        {
            contexts.Add(type);
            ReportListedTypesThatAreNotCollections(context, type);
        }
    }

    // A listed type without [Collection] would otherwise just get no property, silently.
    private static void ReportListedTypesThatAreNotCollections(SymbolAnalysisContext context, INamedTypeSymbol type)
    {
        foreach ((ITypeSymbol listed, AttributeData attribute) in ContextParser.ListedTypes(type))
        {
            if (listed is not INamedTypeSymbol named || SymbolFacts.FindAttribute(named, KnownNames.CollectionAttribute) is null)
            {
                Location location = attribute.ApplicationSyntaxReference?.GetSyntax(context.CancellationToken).GetLocation() ?? SourceLocations.TypeIdentifier(type);
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.ListedTypeNotCollection, location, type.Name, listed.ToDisplayString()));
            }
        }
    }

    // The property would be C#'s error CS0542 in generated code, which names neither the model nor the fix.
    private static void ReportCollectionsNamedLikeTheirContext(CompilationAnalysisContext context, ConcurrentBag<(string Name, INamedTypeSymbol Type)> names, ConcurrentBag<INamedTypeSymbol> contexts)
    {
        foreach (INamedTypeSymbol type in contexts)
        {
            var listed = new HashSet<ITypeSymbol>(ContextParser.ListedTypes(type).Select(l => l.Type), SymbolEqualityComparer.Default);
            foreach ((string name, INamedTypeSymbol collection) in names)
            {
                if (name == type.Name && (listed.Count == 0 || listed.Contains(collection)))
                {
                    context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.CollectionNamedLikeContext, SourceLocations.TypeIdentifier(type), type.Name, collection.ToDisplayString()));
                }
            }
        }
    }

    private static void ReportDuplicateNames(CompilationAnalysisContext context, ConcurrentBag<(string Name, INamedTypeSymbol Type)> names)
    {
        foreach (IGrouping<string, (string Name, INamedTypeSymbol Type)> group in names.GroupBy(n => n.Name))
        {
            // Sort by full name so that the first type keeps the name and the report is deterministic.
            List<INamedTypeSymbol> types = group.Select(g => g.Type).OrderBy(t => t.ToDisplayString(), System.StringComparer.Ordinal).ToList();
            for (int i = 1; i < types.Count; i++)
            {
                AttributeData attribute = SymbolFacts.FindAttribute(types[i], KnownNames.CollectionAttribute)!;
                Location location = SourceLocations.Attribute(attribute, SourceLocations.TypeIdentifier(types[i]));
                context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.DuplicateCollectionName, location,
                    group.Key, types[0].ToDisplayString(), types[i].ToDisplayString()));
            }
        }
    }
}
