using System.Collections.Generic;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>Parser-private state for one document type while it is being parsed (types may refer to themselves).</summary>
internal sealed class ObjectEntry
{
    public ObjectEntry(INamedTypeSymbol symbol, string key)
    {
        Symbol = symbol;
        Key = key;
    }

    public INamedTypeSymbol Symbol { get; }

    public string Key { get; }

    public List<MemberCandidate> Candidates { get; } = new();

    public ObjectModel? Model { get; set; }
}

/// <summary>A property or field that will be stored, with what the parser learned about it.</summary>
internal sealed class MemberCandidate
{
    public MemberCandidate(ISymbol symbol, ITypeSymbol type, string storedName)
    {
        Symbol = symbol;
        Type = type;
        StoredName = storedName;
    }

    public ISymbol Symbol { get; }

    public ITypeSymbol Type { get; }

    public string StoredName { get; }

    public TypeShape? Shape { get; set; }
}
