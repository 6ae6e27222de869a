using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// What the query checks know of one collection: its stored members level by level, its key and the
/// paths its indexes are led by, all spelled as <see cref="DocumentPath.Text"/> spells them.
/// </summary>
internal sealed class QueryModel
{
    private readonly Dictionary<string, ObjectModel> _objects;

    public QueryModel(CollectionModel model)
    {
        Collection = model;
        _objects = model.Objects.ToDictionary(o => o.Key, StringComparer.Ordinal);
        Root = new DocumentPath(string.Empty, null, model.Objects[0]);
        Indexes = model.Indexes.Select(i => i.Components.Select(PathText).ToArray()).ToArray();
    }

    public CollectionModel Collection { get; }

    /// <summary>The document itself.</summary>
    public DocumentPath Root { get; }

    /// <summary>Each index's paths in key order.</summary>
    public IReadOnlyList<string[]> Indexes { get; }

    /// <summary>The key member's path: a condition on it seeks the primary tree.</summary>
    public string KeyPath => Collection.Key.MemberName;

    /// <summary>The stored member <paramref name="name"/> (its C# name) of the document at <paramref name="path"/>, or null.</summary>
    public DocumentPath? Member(DocumentPath path, string name)
    {
        MemberModel? member = path.Object?.Members.FirstOrDefault(m => m.Name == name);
        return member is null ? null : path.Member(member, ObjectOf(member.Type));
    }

    /// <summary>The elements of the sequence at <paramref name="path"/>.</summary>
    public DocumentPath Elements(DocumentPath path) => path.Elements(path.Shape?.Element is { } element ? ObjectOf(element) : null);

    /// <summary>True when some index, or the key, has <paramref name="path"/> as its first path.</summary>
    public bool LeadsAnIndex(string path) => path == KeyPath || Indexes.Any(i => i[0] == path);

    private ObjectModel? ObjectOf(TypeShape shape) =>
        shape.Kind == ShapeKind.Object && shape.ObjectKey is not null && _objects.TryGetValue(shape.ObjectKey, out ObjectModel? nested) ? nested : null;

    private static string PathText(IndexComponent component) =>
        string.Join(".", component.Steps.Select(s => s.Expand ? s.MemberName + "[]" : s.MemberName));
}
