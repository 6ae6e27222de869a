using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Emits one file per collection type: the typed collection (<c>PersonCollection</c>), the one public type,
/// with its query methods, its static field readers and the static serializer code they share, and nested in
/// it the private <c>ICollectionModel</c> implementation (key handling, index keys), reachable as the
/// collection's static <c>DocumentModel</c>. It sees only the <see cref="CollectionModel"/>.
/// </summary>
internal sealed partial class ModelEmitter
{
    /// <summary>The collection's static property that exposes the model.</summary>
    public const string DocumentModelProperty = "DocumentModel";

    /// <summary>
    /// Members of <c>DocumentCollection&lt;T, TKey&gt;</c> and <c>object</c>, which the collection inherits:
    /// a generated static member must not hide one.
    /// </summary>
    private static readonly string[] InheritedNames =
    [
        "AsAsync", "Context", "Count", "CountAsync", "CountEqual", "Delete", "DeleteAsync", "Exists", "ExistsAsync",
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
        "s_fieldPaths", "s_indexes", "FieldTypes", "s_fieldTypes",
    ];

    private readonly CollectionModel _model;
    private readonly Dictionary<string, ObjectModel> _objects;
    private readonly NameScope _members;
    private readonly Dictionary<string, ObjectNames> _objectNames = new();
    private readonly Dictionary<string, string> _fieldMaps = new();
    private readonly List<FieldReader> _fieldReaders;
    private readonly ValueCodegen _values;
    private readonly SourceWriter _accessors = new();
    private readonly Dictionary<string, string> _accessorNames = new();
    private readonly string[] _indexConstants;
    private readonly Dictionary<string, string[]> _memberConstants = new();

    private ModelEmitter(CollectionModel model)
    {
        _model = model;
        _objects = model.Objects.ToDictionary(o => o.Key);
        _members = new NameScope(InheritedNames);
        _members.Reserve(model.CollectionClassName);
        _members.Reserve(model.ModelClassName);
        _members.Reserve(DocumentModelProperty);

        // The field readers are public API: they take their names before any private helper can.
        _fieldReaders = PlanFieldReaders();
        foreach (string name in ModelMemberNames)
        {
            _members.Reserve(name);
        }

        foreach (ObjectModel obj in model.Objects)
        {
            _fieldMaps[obj.Key] = _members.Take("s_" + Names.Camel(obj.Key) + "Fields");
        }

        // The position of each index in the model's Indexes: the query methods and key extractors name it.
        _indexConstants = model.Indexes.Select(index => _members.Take(index.Name + "Index")).ToArray();

        // The position of each member in its type's field map (PersonEmail, AddressCity): the serializer,
        // field readers and key extractors look field ids up by it.
        foreach (ObjectModel obj in model.Objects)
        {
            _memberConstants[obj.Key] = obj.Members.Select(m => _members.Take(obj.Key + Names.Pascal(m.Name))).ToArray();
        }

        foreach (ObjectModel obj in model.Objects)
        {
            _objectNames[obj.Key] = new ObjectNames(_members.Take("Write" + obj.Key), _members.Take("Read" + obj.Key));
        }

        _values = new ValueCodegen(_members, _objectNames);
    }

    private ObjectModel Root => _model.Objects[0];

    private string T => _model.FullTypeName;

    private string K => _model.Key.Type.TypeName;

    private string Accessibility => _model.IsPublic ? "public" : "internal";

    /// <summary>The collection class name, which qualifies calls from the nested model to the field readers.</summary>
    private string Outer => _model.CollectionClassName;

    public static string Emit(CollectionModel model) => new ModelEmitter(model).Emit();

    private string Emit()
    {
        // Sections are built apart (each at indentation 0) in a fixed order, so helper names, which are
        // taken as the helpers are first needed, do not depend on where each section ends up.
        var modelMembers = new SourceWriter();
        EmitKeyMembers(modelMembers);
        EmitModelSerializer(modelMembers);
        var serializer = new SourceWriter();
        EmitSerializer(serializer);
        var fieldReaders = new SourceWriter();
        EmitFieldReaders(fieldReaders);
        EmitPathDispatch(modelMembers);
        EmitIndexKeys(modelMembers);

        var w = new SourceWriter();
        w.Line("// <auto-generated/>");
        w.Line("// Generated by DocStore.Generators from the [Collection] type " + Names.Display(T) + ". Do not edit.");
        w.Line("#nullable enable");
        w.Line();
        if (_model.Namespace.Length > 0)
        {
            w.Line($"namespace {_model.Namespace};");
            w.Line();
        }

        w.Line($"/// <summary>The typed collection <c>{_model.CollectionName}</c> of <see cref=\"{T}\"/> documents: one query method per index, and static readers of single stored fields.</summary>");
        w.Line("/// <remarks>");
        w.Line($"/// Only the generated <see cref=\"{RuntimeNames.Context}\"/> subclass creates it (the constructor is internal): open the");
        w.Line($"/// database through that context and use its <c>{_model.CollectionName}</c> property.");
        w.Line("/// </remarks>");
        w.Line(GeneratorVersion.Attribute);
        w.Open($"{Accessibility} sealed class {Outer} : {RuntimeNames.DocumentCollection}<{T}, {K}>");
        foreach (ObjectModel obj in _model.Objects)
        {
            string names = string.Join(", ", obj.Members.Select(m => Names.Literal(m.StoredName)));
            w.Line($"private static readonly {RuntimeNames.FieldIdMap} {_fieldMaps[obj.Key]} = new([{names}]);");
        }

        foreach (ObjectModel obj in _model.Objects)
        {
            w.Line();
            string[] constants = _memberConstants[obj.Key];
            for (int i = 0; i < constants.Length; i++)
            {
                w.Line($"private const int {constants[i]} = {Names.Int(i)};");
            }
        }

        if (_indexConstants.Length > 0)
        {
            w.Line();
            for (int i = 0; i < _indexConstants.Length; i++)
            {
                w.Line($"private const int {_indexConstants[i]} = {Names.Int(i)};");
            }
        }

        w.Line();
        w.Line("/// <summary>Opens the collection inside <paramref name=\"context\"/>; only the generated context calls it.</summary>");
        w.Line("/// <param name=\"context\">The owning context.</param>");
        w.Line($"internal {Outer}({RuntimeNames.Context} context)");
        w.Line($"    : base(context, {DocumentModelProperty})");
        w.Line("{");
        w.Line("}");
        w.Line();
        w.Line($"/// <summary>");
        w.Line($"/// The generated model of <see cref=\"{T}\"/>: C-BSON serializer, field readers by path, index keys and key");
        w.Line($"/// handling. Every open <see cref=\"{Outer}\"/> uses this instance as its <c>Model</c>; it also serializes");
        w.Line("/// documents without a database.");
        w.Line("/// </summary>");
        w.Line($"public static {RuntimeNames.CollectionModel}<{T}, {K}> {DocumentModelProperty} {{ get; }} = new {_model.ModelClassName}();");
        CollectionEmitter.EmitQueries(w, _model, _indexConstants);
        Append(w, fieldReaders.ToString());
        Append(w, serializer.ToString());
        Append(w, _values.Helpers.ToString());
        Append(w, _accessors.ToString());
        w.Line();
        w.Line($"/// <summary>The <see cref=\"{RuntimeNames.CollectionModel}{{T, TKey}}\"/> of <see cref=\"{T}\"/>, over the collection's static serializer and field readers.</summary>");
        w.Open($"private sealed class {_model.ModelClassName} : {RuntimeNames.CollectionModel}<{T}, {K}>");
        w.Line($"private static readonly {RuntimeNames.IndexDefinition}[] s_indexes =");
        w.Line("[");
        foreach (IndexModel index in _model.Indexes)
        {
            string paths = string.Join(", ", index.Components.Select(c => Names.Literal(StoredPath(c))));
            w.Line($"    new({Names.Literal(index.Name)}, Unique: {Bool(index.Unique)}, Multikey: {Bool(index.IsMultikey)}, [{paths}]),");
        }

        w.Line("];");
        w.Line();
        w.Line($"private static readonly string[] s_fieldPaths = [{string.Join(", ", _fieldReaders.Select(r => Names.Literal(r.StoredPath)))}];");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public string CollectionName => {Names.Literal(_model.CollectionName)};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public {RuntimeNames.ReadOnlyList}<{RuntimeNames.IndexDefinition}> Indexes => s_indexes;");
        w.Line();
        EmitFieldTypes(w);
        Append(w, modelMembers.ToString());
        w.Close();
        w.Close();
        return w.ToString();
    }

    private static string Bool(bool value) => value ? "true" : "false";

    /// <summary>Appends text produced by another writer at the writer's current indentation.</summary>
    private static void Append(SourceWriter w, string text)
    {
        text = text.TrimEnd();
        if (text.Length == 0)
        {
            return;
        }

        w.Line();
        foreach (string line in text.Split('\n'))
        {
            w.Line(line);
        }
    }

    private ObjectModel ObjectOf(TypeShape shape) => _objects[shape.ObjectKey!];

    /// <summary>An expression reading <paramref name="member"/> of <paramref name="target"/> (through an accessor when inaccessible).</summary>
    private string Getter(ObjectModel owner, MemberModel member, string target)
    {
        if (member.GetterAccessible)
        {
            return $"{target}.{member.Name}";
        }

        string refPrefix = owner.IsValueType ? "ref " : string.Empty;
        if (member.IsField)
        {
            string name = FieldAccessor(owner, member.Name, member.GetterAccessorName!, member.Type.TypeName, member.DeclaringTypeName);
            return $"{name}({refPrefix}{target})";
        }

        string getter = Accessor("Get", owner, member.Name, string.Empty, out bool isNew);
        if (isNew)
        {
            _accessors.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Method, Name = {Names.Literal(member.GetterAccessorName!)})]");
            _accessors.Line($"private static extern {member.Type.TypeName} {getter}({refPrefix}{member.DeclaringTypeName} target);");
            _accessors.Line();
        }

        return $"{getter}({refPrefix}{target})";
    }

    /// <summary>A statement storing <paramref name="value"/> into a member after construction.</summary>
    private string Setter(ObjectModel owner, string memberName, MemberAssignment assignment, string? accessorName, string type, string declaringType, string target, string value)
    {
        string refPrefix = owner.IsValueType ? "ref " : string.Empty;
        switch (assignment)
        {
            case MemberAssignment.SetterAccessor:
                string setter = Accessor("Set", owner, memberName, string.Empty, out bool isNew);
                if (isNew)
                {
                    _accessors.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Method, Name = {Names.Literal(accessorName!)})]");
                    _accessors.Line($"private static extern void {setter}({refPrefix}{declaringType} target, {type} value);");
                    _accessors.Line();
                }

                return $"{setter}({refPrefix}{target}, {value});";
            case MemberAssignment.FieldAccessor:
                return $"{FieldAccessor(owner, memberName, accessorName!, type, declaringType)}({refPrefix}{target}) = {value};";
            default:
                return $"{target}.{memberName} = {value};";
        }
    }

    private string FieldAccessor(ObjectModel owner, string memberName, string fieldName, string type, string declaringType)
    {
        string name = Accessor(string.Empty, owner, memberName, "Field", out bool isNew);
        if (isNew)
        {
            string refPrefix = owner.IsValueType ? "ref " : string.Empty;
            _accessors.Line($"[{RuntimeNames.UnsafeAccessor}({RuntimeNames.UnsafeAccessorKind}.Field, Name = {Names.Literal(fieldName)})]");
            _accessors.Line($"private static extern ref {type} {name}({refPrefix}{declaringType} target);");
            _accessors.Line();
        }

        return name;
    }

    /// <summary>
    /// The name of an <c>UnsafeAccessor</c> for a member: <c>SetInitOnly</c>, <c>HitsField</c> for the collection
    /// type's own members, with the owning type's name for a nested type's (<c>SetAddressCity</c>) and for one
    /// whose plain name is taken (a member <c>Key</c> with an init accessor: <c>SetPersonKey</c>, as the model has <c>SetKey</c>).
    /// </summary>
    private string Accessor(string prefix, ObjectModel owner, string memberName, string suffix, out bool isNew)
    {
        string key = prefix + ":" + owner.Key + ":" + memberName + ":" + suffix;
        if (_accessorNames.TryGetValue(key, out string? name))
        {
            isNew = false;
            return name;
        }

        string plain = prefix + Names.Pascal(memberName) + suffix;
        string qualified = prefix + owner.Key + Names.Pascal(memberName) + suffix;
        name = _members.Take(owner.Key == Root.Key && !_members.Contains(plain) ? plain : qualified);
        _accessorNames.Add(key, name);
        isNew = true;
        return name;
    }

    private static MemberModel FindMember(ObjectModel owner, string name)
    {
        foreach (MemberModel member in owner.Members)
        {
            if (member.Name == name)
            {
                return member;
            }
        }

        throw new System.InvalidOperationException("The model has no member " + name);
    }

    private static int IndexOfMember(ObjectModel owner, string name)
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
