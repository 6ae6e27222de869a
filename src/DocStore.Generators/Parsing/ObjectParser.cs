using System.Collections.Generic;
using System.Linq;
using System.Text;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>
/// Parses each document type a collection reaches (the collection type, and the types of its members) once:
/// its stored members, its constructor and how each member is assigned, giving an <see cref="ObjectModel"/>.
/// </summary>
internal sealed class ObjectParser
{
    private readonly ParseSession _session;
    private readonly MemberCollector _members;
    private readonly Dictionary<ITypeSymbol, ObjectEntry> _objects = new(SymbolEqualityComparer.Default);
    private readonly HashSet<string> _keys = new();

    public ObjectParser(ParseSession session)
    {
        _session = session;
        _members = new MemberCollector(session, new ShapeResolver(session, this));
    }

    /// <summary>The document types in the order first met, the collection type first.</summary>
    public List<ObjectEntry> Order { get; } = new();

    /// <summary>Parses a document type once; later references (including recursive ones) get the same entry.</summary>
    public ObjectEntry? Parse(INamedTypeSymbol type, Location referenceLocation)
    {
        if (_objects.TryGetValue(type, out ObjectEntry? existing))
        {
            return existing;
        }

        var entry = new ObjectEntry(type, UniqueKey(type));
        _objects.Add(type, entry);
        Order.Add(entry);

        Location typeLocation = type.Locations.FirstOrDefault(l => l.IsInSource) is not null
            ? SourceLocations.TypeIdentifier(type)
            : referenceLocation;

        _members.Collect(entry, typeLocation);
        _members.CheckStoredNames(entry, typeLocation);
        ConstructorChoice? constructor = ConstructorChooser.Choose(_session, entry, typeLocation);
        if (constructor is null)
        {
            return entry;
        }

        var members = new List<MemberModel>();
        foreach (MemberCandidate candidate in entry.Candidates)
        {
            if (candidate.Shape is { } shape)
            {
                members.Add(MemberDescriber.Describe(_session, type, candidate, shape, constructor));
            }
        }

        // The first reference may be annotated (Money?); the type itself is named without the annotation.
        var plain = (INamedTypeSymbol)type.WithNullableAnnotation(NullableAnnotation.NotAnnotated);
        entry.Model = new ObjectModel(entry.Key, TypeNames.Of(plain), type.IsValueType, constructor.Parameters.Count, members.ToEquatableArray());
        return entry;
    }

    /// <summary>
    /// The name generated code gives the type's helpers (<c>WriteAddress</c>, <c>s_addressFields</c>): its name,
    /// after its containing types, with type arguments spelled out (<c>PairOfInt32AndMoney</c>); a second type
    /// with the same spelling gets a numeric suffix.
    /// </summary>
    private string UniqueKey(INamedTypeSymbol type)
    {
        string baseKey = KeyName(type);
        string key = baseKey;
        for (int i = 2; !_keys.Add(key); i++)
        {
            key = baseKey + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        return key;
    }

    private static string KeyName(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return "ArrayOf" + KeyName(array.ElementType);
            case INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable:
                return "Nullable" + KeyName(nullable.TypeArguments[0]);
            case INamedTypeSymbol named:
                string name = (named.ContainingType is { } outer ? KeyName(outer) : string.Empty) + Identifier(named.Name);
                return named.TypeArguments.Length == 0 ? name : name + "Of" + string.Join("And", named.TypeArguments.Select(KeyName));
            default:
                return Identifier(type.Name);
        }
    }

    private static string Identifier(string name)
    {
        var builder = new StringBuilder();
        foreach (char c in name)
        {
            if (char.IsLetterOrDigit(c) || c == '_')
            {
                builder.Append(c);
            }
        }

        return builder.Length == 0 ? "Type" : builder.ToString();
    }
}
