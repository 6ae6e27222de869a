using System.Linq;
using DocStore.Generators.Emit;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Interceptors;

/// <summary>The generated field reader of each member path of a top-level member (<c>Score</c> → <c>global::App.PersonCollection.TryReadScore</c>), for compiled scans.</summary>
internal static class FieldReaders
{
    /// <summary>The readers of <paramref name="collection"/>, when the query starts from its generated collection class; else null (no scan).</summary>
    public static Func<string, string?>? Of(CollectionModel collection, ITypeSymbol? receiver)
    {
        if (receiver is not INamedTypeSymbol { Name: var name } type || name != collection.CollectionClassName)
        {
            return null;
        }

        // Top-level members: the reader of the member's stored name.
        string owner = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        var context = new CollectionEmitContext(collection);
        var byStored = context.FieldReaders.GroupBy(r => r.StoredPath).ToDictionary(g => g.Key, g => owner + "." + g.First().Name);
        var byMember = context.Root.Members.Where(m => byStored.ContainsKey(m.StoredName)).ToDictionary(m => m.Name, m => byStored[m.StoredName]);
        return path => byMember.TryGetValue(path, out string? reader) ? reader : null;
    }
}
