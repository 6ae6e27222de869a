using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// What the parts of one collection file share: the model, the names every generated static member takes
/// (field maps, member and index constants, object writers and readers, field readers), the value
/// codegen and the unsafe accessors. Names are taken here, in a fixed order, before any part emits.
/// </summary>
internal sealed class CollectionEmitContext
{
    /// <summary>The collection's static property that exposes the model.</summary>
    public const string DocumentModelProperty = "DocumentModel";

    /// <summary>
    /// Members of <c>DocumentCollection&lt;T, TKey&gt;</c> and <c>object</c>, which the collection inherits:
    /// a generated static member must not hide one.
    /// </summary>
    private static readonly string[] InheritedNames =
    [
        "AsAsync", "Changes", "Context", "Count", "CountAsync", "CountEqual", "Delete", "DeleteAsync", "Exists", "ExistsAsync",
        "Fields", "FindAll", "FindAllAsync", "FindEqual", "FindPrefix", "FindRange", "FindUnique", "Get", "GetAsync",
        "GetDocumentBytes", "GetDocumentBytesAsync", "GetEnumerator", "Insert", "InsertAsync", "InsertMany",
        "InsertManyAsync", "Model", "Name", "QueryKey", "Scan", "ScanAsync", "ScanFrom", "ScanFromAsync", "State",
        "TryGet", "Update", "UpdateAsync", "Upsert", "UpsertAsync",
        "Equals", "Finalize", "GetHashCode", "GetType", "MemberwiseClone", "ReferenceEquals", "ToString",
    ];

    /// <summary>
    /// The nested model's own members. Inside it they hide the collection's statics of the same name, so no
    /// generated static takes one; the field readers are the exception (a member named <c>Field</c> keeps
    /// its <c>TryReadField</c>), and the model calls them qualified with the collection's name.
    /// </summary>
    private static readonly string[] ModelMemberNames =
    [
        "AppendIndexKeys", "AppendKey", "CollectionName", "FieldPaths", "GetKey", "GetSequence", "Indexes",
        "IsDefaultKey", "KeyField", "KeyGeneration", "KeyText", "NewKey", "Read", "SetKey", "TryReadField", "Write",
        "s_fieldPaths", "s_indexes", "FieldTypes", "s_fieldTypes", "WriteJson", "ReadJson", "JsonKeyText",
    ];

    private readonly Dictionary<string, ObjectModel> _objects;

    public CollectionEmitContext(CollectionModel model)
    {
        Model = model;
        _objects = model.Objects.ToDictionary(o => o.Key);
        Members = new NameScope(InheritedNames);
        Members.Reserve(model.CollectionClassName);
        Members.Reserve(model.ModelClassName);
        Members.Reserve(DocumentModelProperty);

        // The field readers are public API: they take their names before any private helper can.
        FieldReaders = FieldReaderPlan.Plan(this, out string keyReader);
        KeyReader = keyReader;
        foreach (string name in ModelMemberNames)
        {
            Members.Reserve(name);
        }

        foreach (ObjectModel obj in model.Objects)
        {
            FieldMaps[obj.Key] = Members.Take("s_" + Names.Camel(obj.Key) + "Fields");
        }

        // The position of each index in the model's Indexes: the query methods and key extractors name it.
        IndexConstants = model.Indexes.Select(index => Members.Take(index.Name + "Index")).ToArray();

        // The position of each member in its type's field map (PersonEmail, AddressCity): the serializer,
        // field readers and key extractors look field ids up by it.
        foreach (ObjectModel obj in model.Objects)
        {
            MemberConstants[obj.Key] = obj.Members.Select(m => Members.Take(obj.Key + Names.Pascal(m.Name))).ToArray();
        }

        foreach (ObjectModel obj in model.Objects)
        {
            ObjectNames[obj.Key] = new ObjectNames(Members.Take("Write" + obj.Key), Members.Take("Read" + obj.Key));
        }

        foreach (ObjectModel obj in model.Objects)
        {
            JsonObjectNames[obj.Key] = new ObjectNames(Members.Take("WriteJson" + obj.Key), Members.Take("ReadJson" + obj.Key));
        }

        Values = new ValueCodegen(Members, ObjectNames);
        JsonValues = new JsonValueCodegen(Members, JsonObjectNames);
        Accessors = new MemberAccessors(Members, Root.Key);
    }

    public CollectionModel Model { get; }

    /// <summary>The names of the collection class's static members, taken as each is first needed.</summary>
    public NameScope Members { get; }

    /// <summary>The static writer and reader of each document type, by object key.</summary>
    public Dictionary<string, ObjectNames> ObjectNames { get; } = new();

    /// <summary>The static JSON writer and reader of each document type, by object key.</summary>
    public Dictionary<string, ObjectNames> JsonObjectNames { get; } = new();

    /// <summary>The static field map of each document type, by object key.</summary>
    public Dictionary<string, string> FieldMaps { get; } = new();

    /// <summary>The constants naming each member's position in its type's field map, by object key.</summary>
    public Dictionary<string, string[]> MemberConstants { get; } = new();

    /// <summary>The constants naming each index's position in the model's indexes.</summary>
    public string[] IndexConstants { get; }

    public List<FieldReader> FieldReaders { get; }

    /// <summary>The name of the key member's field reader, which error messages use.</summary>
    public string KeyReader { get; }

    public ValueCodegen Values { get; }

    public JsonValueCodegen JsonValues { get; }

    public MemberAccessors Accessors { get; }

    public ObjectModel Root => Model.Objects[0];

    /// <summary>The document type's full name.</summary>
    public string T => Model.FullTypeName;

    /// <summary>The key type's name.</summary>
    public string K => Model.Key.Type.TypeName;

    /// <summary>The collection class name, which qualifies calls from the nested model to the field readers.</summary>
    public string Outer => Model.CollectionClassName;

    public ObjectModel ObjectOf(TypeShape shape) => _objects[shape.ObjectKey!];

    public static MemberModel FindMember(ObjectModel owner, string name) => owner.Members[IndexOfMember(owner, name)];

    public static int IndexOfMember(ObjectModel owner, string name)
    {
        for (int i = 0; i < owner.Members.Length; i++)
        {
            if (owner.Members[i].Name == name)
            {
                return i;
            }
        }

        throw new System.InvalidOperationException("The model has no member " + name);
    }
}
