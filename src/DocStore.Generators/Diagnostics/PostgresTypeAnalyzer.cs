using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace DocStore.Generators.Diagnostics;

/// <summary>
/// In a project that references DocStore.PostgreSQL (the only way to reach <c>OpenPostgres</c>), reports each
/// model member PostgreSQL cannot hold exactly (DOCS027): a <c>double</c> or <c>float</c> anywhere in a
/// document (jsonb has no negative zero), and an indexed date or time whose typed column keeps microseconds
/// (and no <c>DateTimeKind</c> or offset). The mapping is docs/postgresql.md's "Columns for SQL".
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PostgresTypeAnalyzer : DiagnosticAnalyzer
{
    private const string PackageAssembly = "DocStore.PostgreSQL";

    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(DiagnosticDescriptors.PostgresInexactMember);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (start.Compilation.ReferencedAssemblyNames.Any(a => a.Name == PackageAssembly))
            {
                start.RegisterSymbolAction(Analyze, SymbolKind.NamedType);
            }
        });
    }

    private static void Analyze(SymbolAnalysisContext context)
    {
        var type = (INamedTypeSymbol)context.Symbol;
        if (SymbolFacts.FindAttribute(type, KnownNames.CollectionAttribute) is null
            || CollectionParser.Parse(type, null, context.CancellationToken) is not { } model)
        {
            return;
        }

        var reported = new HashSet<(string Type, string Member)>();
        foreach (ObjectModel document in model.Objects)
        {
            foreach (MemberModel member in document.Members)
            {
                if (Scalar(member.Type).Kind is ShapeKind.Double or ShapeKind.Single && reported.Add((document.TypeName, member.Name)))
                {
                    Report(context, type, document.TypeName, member,
                        "jsonb keeps numbers as numeric, which has no negative zero, so -0.0 is stored and read back as 0.0");
                }
            }
        }

        foreach (IndexModel index in model.Indexes.Where(i => !i.IsMultikey))
        {
            foreach (IndexComponent component in index.Components)
            {
                if (ColumnLoss(component.ValueType.Kind) is not { } loss)
                {
                    continue;
                }

                // The member is the path's last step, declared by the collection type or the document the step before reaches.
                string? ownerKey = component.Steps.Length == 1 ? model.Objects[0].Key : Scalar(component.Steps[component.Steps.Length - 2].MemberType).ObjectKey;
                ObjectModel? owner = model.Objects.FirstOrDefault(o => o.Key == ownerKey);
                MemberModel? member = owner?.Members.FirstOrDefault(m => m.Name == component.Steps[component.Steps.Length - 1].MemberName);
                if (owner is not null && member is not null && reported.Add((owner.TypeName, member.Name)))
                {
                    Report(context, type, owner.TypeName, member, $"index '{index.Name}' gives it a {loss}; the document and DocStore's own queries keep the exact value");
                }
            }
        }
    }

    private static string? ColumnLoss(ShapeKind kind) => kind switch
    {
        ShapeKind.DateTime => "timestamp column, which keeps microseconds rather than 100 ns ticks and no DateTimeKind",
        ShapeKind.DateTimeOffset => "timestamptz column, which keeps the instant to the microsecond and not the offset",
        ShapeKind.TimeOnly => "time column, which keeps microseconds rather than 100 ns ticks",
        ShapeKind.TimeSpan => "interval column, which keeps microseconds rather than 100 ns ticks",
        _ => null,
    };

    // The value a member stores: the element of a sequence or dictionary, recursively.
    private static TypeShape Scalar(TypeShape shape)
    {
        while (shape.Element is { } element)
        {
            shape = element;
        }

        return shape;
    }

    private static void Report(SymbolAnalysisContext context, INamedTypeSymbol collection, string documentType, MemberModel member, string loss)
    {
        INamedTypeSymbol? declaring = documentType == collection.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat)
            ? collection
            : context.Compilation.GetTypeByMetadataName(documentType.Replace("global::", string.Empty));
        ISymbol? symbol = declaring?.GetMembers(member.Name).FirstOrDefault(m => m is IPropertySymbol or IFieldSymbol);
        Location location = symbol is null
            ? SourceLocations.TypeIdentifier(collection)
            : SourceLocations.MemberName(symbol, SourceLocations.TypeIdentifier(collection));
        context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.PostgresInexactMember, location, member.Name, member.Type.TypeName.Replace("global::", string.Empty), loss));
    }
}
