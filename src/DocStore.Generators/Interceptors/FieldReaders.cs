using System.Linq;
using DocStore.Generators.Emit;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Interceptors;

/// <summary>The generated field reader of each member path (<c>Score</c> → <c>global::App.PersonCollection.TryReadScore</c>, <c>Home.City</c>), for compiled scans and projections.</summary>
internal static class FieldReaders
{
    /// <summary>The readers of <paramref name="collection"/>, when the query starts from its generated collection class; else null (no scan).</summary>
    public static Func<string, string?>? Of(CollectionModel collection, ITypeSymbol? receiver)
    {
        if (receiver is not INamedTypeSymbol { Name: var name } type || name != collection.CollectionClassName)
        {
            return null;
        }

        // Each member path through nested objects (C# names, as query paths spell them): its reader.
        string owner = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        var context = new CollectionEmitContext(collection);
        var byMember = context.FieldReaders
            .GroupBy(r => string.Join(".", r.Path.Select(p => p.Owner.Members[p.Index].Name)))
            .ToDictionary(g => g.Key, g => owner + "." + g.First().Name);
        return path => byMember.TryGetValue(path, out string? reader) ? reader : null;
    }
}
