using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using DocStore.Generators.Model;
using DocStore.Generators.Parsing;
using DocStore.Sql.Binding.Names;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.SqlChecks;

/// <summary>
/// The collections a generated context has, as SQL names them, with each collection's field tree: the
/// stored names of its members (renames applied), nested documents, and the elements of sequences.
/// Built once per compilation from the same parser the generator uses.
/// </summary>
internal sealed class SqlSchema
{
    private readonly Dictionary<string, FieldNode> _collections;

    private SqlSchema(Dictionary<string, FieldNode> collections, bool complete)
    {
        _collections = collections;
        IsComplete = complete;
    }

    /// <summary>False when some <c>[Collection]</c> type has model errors: then its name is unknown here, so no collection is reported unknown.</summary>
    public bool IsComplete { get; }

    /// <summary>The model collections, sorted, for messages.</summary>
    public string CollectionList => string.Join(", ", _collections.Keys.Where(k => !SystemTableSchema.Tables.Contains(k)).OrderBy(k => k, StringComparer.Ordinal));

    /// <summary>The schema of every <c>[Collection]</c> type declared in <paramref name="compilation"/>.</summary>
    public static SqlSchema Build(Compilation compilation, CancellationToken cancellationToken)
    {
        var collections = new Dictionary<string, FieldNode>(StringComparer.Ordinal);
        bool complete = true;
        foreach (INamedTypeSymbol type in TopLevelTypes(compilation.Assembly.GlobalNamespace))
        {
            if (SymbolFacts.FindAttribute(type, KnownNames.CollectionAttribute) is null)
            {
                continue;
            }

            CollectionModel? model = CollectionParser.Parse(type, null, cancellationToken);
            if (model is null)
            {
                complete = false;
            }
            else if (!collections.ContainsKey(model.CollectionName))
            {
                collections.Add(model.CollectionName, FieldNode.Of(model));
            }
        }

        foreach (string table in SystemTableSchema.Tables)
        {
            if (!collections.ContainsKey(table))
            {
                collections.Add(table, FieldNode.Flat(table, SystemTableSchema.Fields));
            }
        }

        return new SqlSchema(collections, complete);
    }

    /// <summary>
    /// Finds a collection by the SQL binder's rule (<see cref="SqlNameMatch"/>). <paramref name="ambiguous"/> is
    /// set when several match ignoring case.
    /// </summary>
    public FieldNode? Find(string name, bool quoted, out string? resolved, out bool ambiguous)
    {
        resolved = SqlNameMatch.Resolve(_collections.Keys, name, quoted, out IReadOnlyList<string> several);
        ambiguous = several.Count > 0;
        return resolved is null ? null : _collections[resolved];
    }

    private static IEnumerable<INamedTypeSymbol> TopLevelTypes(INamespaceSymbol ns)
    {
        foreach (INamedTypeSymbol type in ns.GetTypeMembers())
        {
            yield return type;
        }

        foreach (INamespaceSymbol inner in ns.GetNamespaceMembers())
        {
            foreach (INamedTypeSymbol type in TopLevelTypes(inner))
            {
                yield return type;
            }
        }
    }
}

/// <summary>
/// The fields of one document level. <see cref="IsOpen"/> levels (dictionaries) accept any name; a
/// scalar has an empty, closed level.
/// </summary>
internal sealed class FieldNode
{
    private static readonly FieldNode s_open = new(ImmutableDictionary<string, FieldNode>.Empty, isOpen: true, "a dictionary");

    private readonly IReadOnlyDictionary<string, FieldNode> _fields;

    private FieldNode(IReadOnlyDictionary<string, FieldNode> fields, bool isOpen, string description)
    {
        _fields = fields;
        IsOpen = isOpen;
        Description = description;
    }

    /// <summary>True when any name may appear at this level.</summary>
    public bool IsOpen { get; }

    /// <summary>How messages name this level: "collection 'People'", "'Address' in collection 'People'".</summary>
    public string Description { get; }

    public IEnumerable<string> Names => _fields.Keys;

    public FieldNode this[string name] => _fields[name];

    public static FieldNode Of(CollectionModel model)
    {
        Dictionary<string, ObjectModel> objects = model.Objects.ToDictionary(o => o.Key, StringComparer.Ordinal);
        return Build(objects, model.Objects[0], $"collection '{model.CollectionName}'", $"collection '{model.CollectionName}'", 0);
    }

    /// <summary>A system table: its fields, any of which may hold anything.</summary>
    public static FieldNode Flat(string table, IEnumerable<string> names)
    {
        var fields = new Dictionary<string, FieldNode>(StringComparer.Ordinal);
        foreach (string name in names)
        {
            fields[name] = new FieldNode(ImmutableDictionary<string, FieldNode>.Empty, isOpen: true, $"'{name}'");
        }

        return new FieldNode(fields, isOpen: false, $"collection '{table}'");
    }

    // Depth bounds a document type that contains itself (a tree of comments): past it, anything goes.
    private static FieldNode Build(Dictionary<string, ObjectModel> objects, ObjectModel model, string description, string collection, int depth)
    {
        var fields = new Dictionary<string, FieldNode>(StringComparer.Ordinal);
        foreach (MemberModel member in model.Members)
        {
            fields[member.StoredName] = Shape(objects, member.Type, $"'{member.StoredName}' in {collection}", collection, depth + 1);
        }

        return new FieldNode(fields, isOpen: false, description);
    }

    private static FieldNode Shape(Dictionary<string, ObjectModel> objects, TypeShape shape, string description, string collection, int depth)
    {
        while (shape.IsSequence && shape.Element is not null)
        {
            shape = shape.Element;
        }

        if (depth > 16 || shape.Kind == ShapeKind.Dictionary)
        {
            return s_open;
        }

        return shape.Kind == ShapeKind.Object && shape.ObjectKey is not null && objects.TryGetValue(shape.ObjectKey, out ObjectModel? nested)
            ? Build(objects, nested, description, collection, depth)
            : new FieldNode(ImmutableDictionary<string, FieldNode>.Empty, isOpen: false, description);
    }
}
