using System.Collections.Generic;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Writes and reads single values of any shape. Scalars become one writer call or one
/// <c>StoredValue</c> read; documents, arrays and dictionaries get one private helper method per
/// distinct type, emitted once into <see cref="Helpers"/> and named after that type
/// (<c>WriteListOfString</c>, <c>ReadNestedAddress</c>, <c>ReadDictionaryOfStringAndInt32</c>), so members
/// of the same type share it.
/// </summary>
internal sealed class ValueCodegen
{
    private readonly NameScope _members;
    private readonly IReadOnlyDictionary<string, ObjectNames> _objects;
    private readonly Dictionary<string, string> _helperNames = new();

    /// <param name="members">The generated class's member names, from which helper names are taken.</param>
    /// <param name="objects">The writer and reader names of each document type, by object key.</param>
    public ValueCodegen(NameScope members, IReadOnlyDictionary<string, ObjectNames> objects)
    {
        _members = members;
        _objects = objects;
    }

    public SourceWriter Helpers { get; } = new();

    /// <summary>
    /// Statements writing <paramref name="value"/> (null included) as the next value; a nullable value is
    /// tested into a local named <paramref name="localName"/> (made unique in <paramref name="locals"/>).
    /// </summary>
    public void Write(SourceWriter w, TypeShape shape, string value, NameScope locals, string localName)
    {
        if (shape.CanBeNull)
        {
            string local = locals.Take(localName);
            w.Open($"if ({value} is {{ }} {local})");
            WriteNonNull(w, shape, local);
            w.Close();
            w.Open("else");
            w.Line("writer.WriteNull();");
            w.Close();
            return;
        }

        WriteNonNull(w, shape, value);
    }

    private void WriteNonNull(SourceWriter w, TypeShape shape, string value)
    {
        if (shape.IsScalar)
        {
            w.Line(ShapeCode.WriteScalar(shape.Kind, value, shape));
        }
        else if (shape.Kind == ShapeKind.Object)
        {
            w.Line($"{_objects[shape.ObjectKey!].Write}(ref writer, {value}, fields);");
        }
        else
        {
            w.Line($"{WriteHelper(shape)}(ref writer, {value}, fields);");
        }
    }

    private string WriteHelper(TypeShape shape)
    {
        string type = ShapeCode.Constructible(shape);
        string key = "W:" + type;
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        name = _members.Take("Write" + ShapeName(shape, annotated: false));
        _helperNames.Add(key, name);

        // A helper may need further helpers while it is written; each is built apart and appended whole.
        var h = new SourceWriter();
        string parameter = shape.Kind switch
        {
            ShapeKind.Dictionary => "dictionary",
            ShapeKind.HashSet => "set",
            ShapeKind.Array => "array",
            _ => "list",
        };
        var locals = new NameScope("writer", "fields", parameter);
        h.Open($"private static void {name}(ref {RuntimeNames.Writer} writer, {type} {parameter}, {RuntimeNames.Resolver} fields)");
        TypeShape element = shape.Element!;
        switch (shape.Kind)
        {
            case ShapeKind.Dictionary:
                string pair = locals.Take("pair");
                h.Line("writer.WriteStartDocument();");
                h.Open($"foreach (var {pair} in {parameter})");
                h.Line($"writer.WriteFieldId(fields.GetOrAdd({pair}.Key));");
                Write(h, element, pair + ".Value", locals, "value");
                h.Close();
                h.Line("writer.WriteEndDocument();");
                break;
            case ShapeKind.HashSet:
                string each = locals.Take("element");
                h.Line("writer.WriteStartArray();");
                h.Open($"foreach (var {each} in {parameter})");
                Write(h, element, each, locals, "item");
                h.Close();
                h.Line("writer.WriteEndArray();");
                break;
            default:
                // Indexing instead of foreach: an interface enumerator would allocate on every write.
                string count = shape.Kind == ShapeKind.Array ? "Length" : "Count";
                string i = locals.Take("i");
                h.Line("writer.WriteStartArray();");
                h.Open($"for (int {i} = 0; {i} < {parameter}.{count}; {i}++)");
                Write(h, element, $"{parameter}[{i}]", locals, "item");
                h.Close();
                h.Line("writer.WriteEndArray();");
                break;
        }

        h.Close();
        h.Line();
        Helpers.Append(h);
        return name;
    }

    /// <summary>An expression reading the current value of <paramref name="reader"/>; null reads as null for nullable shapes.</summary>
    public string Read(TypeShape shape, string reader, string label)
    {
        string inner = ReadNonNull(shape, reader, label);
        if (!shape.CanBeNull)
        {
            return inner;
        }

        string nullCheck = $"{reader}.Type == {RuntimeNames.BsonType}.Null";
        if (!shape.IsReference)
        {
            return $"{nullCheck} ? default({shape.TypeName}) : {inner}";
        }

        // A stored null stays null even for a member declared non-nullable (the document is read as it is
        // stored); only that null arm is suppressed, so the read itself keeps its nullable checking.
        string none = shape.TypeName.EndsWith("?", System.StringComparison.Ordinal) ? "null" : "null!";
        return $"{nullCheck} ? {none} : {inner}";
    }

    public string ReadNonNull(TypeShape shape, string reader, string label)
    {
        if (shape.Kind == ShapeKind.Enum)
        {
            return $"({shape.ValueTypeName}){RuntimeNames.StoredValue}.{ShapeCode.ReadMethod(shape.EnumUnderlying)}(ref {reader}, {label})";
        }

        if (shape.IsScalar)
        {
            return $"{RuntimeNames.StoredValue}.{ShapeCode.ReadMethod(shape.Kind)}(ref {reader}, {label})";
        }

        return $"{ReadHelper(shape)}(ref {reader}, fields, {label})";
    }

    private string ReadHelper(TypeShape shape)
    {
        string type = ShapeCode.Constructible(shape);
        string key = "R:" + type;
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        // A document helper enters the nested document and calls the type's reader, which reads the
        // elements of a document it is already in (the collection type's reader starts at the top).
        name = _members.Take(shape.Kind == ShapeKind.Object ? "ReadNested" + shape.ObjectKey : "Read" + ShapeName(shape, annotated: false));
        _helperNames.Add(key, name);
        var h = new SourceWriter();
        h.Open($"private static {type} {name}(ref {RuntimeNames.Reader} reader, {RuntimeNames.Resolver} fields, string label)");
        if (shape.Kind == ShapeKind.Object)
        {
            h.Line($"var document = {RuntimeNames.StoredValue}.EnterDocument(ref reader, label);");
            h.Open("try");
            h.Line($"return {_objects[shape.ObjectKey!].Read}(ref document, fields);");
            h.Close();
            h.Open($"catch ({RuntimeNames.SchemaException} e)");
            h.Line("throw e.WithParent(label);");
            h.Close();
        }
        else if (shape.Kind == ShapeKind.Dictionary)
        {
            h.Line($"var document = {RuntimeNames.StoredValue}.EnterDocument(ref reader, label);");
            h.Line($"var result = new {type}();");
            h.Open("while (document.Read())");
            h.Line($"result[{RuntimeNames.StoredValue}.FieldName(ref document, fields, label)] = {Read(shape.Element!, "document", "label")};");
            h.Close();
            h.Line("return result;");
        }
        else
        {
            TypeShape element = shape.Element!;
            string collection = shape.Kind switch
            {
                ShapeKind.HashSet or ShapeKind.List => type,
                _ => $"{RuntimeNames.List}<{element.TypeName}>",
            };
            // Counting the elements first (headers only) lets the collection be allocated once at its size.
            h.Line($"var array = {RuntimeNames.StoredValue}.EnterArray(ref reader, label);");
            h.Line($"var count = {RuntimeNames.StoredValue}.CountElements(array);");
            if (shape.Kind == ShapeKind.Array && element.Kind != ShapeKind.Array)
            {
                h.Line($"var result = new {element.TypeName}[count];");
                h.Line("var index = 0;");
                h.Open("while (array.Read())");
                h.Line($"result[index++] = {Read(element, "array", "label")};");
                h.Close();
                h.Line("return result;");
            }
            else
            {
                // A jagged array's element type cannot take the count in its brackets: it fills a list.
                h.Line($"var result = new {collection}(count);");
                h.Open("while (array.Read())");
                h.Line($"result.Add({Read(element, "array", "label")});");
                h.Close();
                h.Line(shape.Kind == ShapeKind.Array ? "return result.ToArray();" : "return result;");
            }
        }

        h.Close();
        h.Line();
        Helpers.Append(h);
        return name;
    }

    /// <summary>
    /// A type spelled as part of an identifier: <c>String</c>, <c>Color</c>, <c>Address</c>, <c>ListOfString</c>,
    /// <c>DictionaryOfStringAndListOfPoint</c>, <c>ArrayOfNullableInt32</c>. An outer nullable annotation becomes
    /// <c>Nullable</c> only when <paramref name="annotated"/> (elements: <c>List&lt;string?&gt;</c> and
    /// <c>List&lt;string&gt;</c> are different parameter types).
    /// </summary>
    internal static string ShapeName(TypeShape shape, bool annotated)
    {
        string name = shape.Kind switch
        {
            ShapeKind.Object => shape.ObjectKey!,
            ShapeKind.Enum => SimpleName(shape.ValueTypeName),
            ShapeKind.Array => "ArrayOf" + ShapeName(shape.Element!, annotated: true),
            ShapeKind.List => "ListOf" + ShapeName(shape.Element!, annotated: true),
            ShapeKind.ReadOnlyList => "ReadOnlyListOf" + ShapeName(shape.Element!, annotated: true),
            ShapeKind.HashSet => "HashSetOf" + ShapeName(shape.Element!, annotated: true),
            ShapeKind.Dictionary => "DictionaryOfStringAnd" + ShapeName(shape.Element!, annotated: true),
            _ => shape.Kind.ToString(),
        };
        bool nullable = shape.IsNullableValue || (shape.IsReference && shape.TypeName.EndsWith("?", System.StringComparison.Ordinal));
        return annotated && nullable ? "Nullable" + name : name;
    }

    /// <summary>The last identifier of a qualified type name (<c>global::A.B.Color</c> -> <c>Color</c>).</summary>
    private static string SimpleName(string typeName)
    {
        string plain = typeName.TrimEnd('?');
        return Names.Pascal(plain.Substring(plain.LastIndexOf('.') + 1));
    }
}

/// <summary>The generated writer and reader of one document type.</summary>
/// <param name="Write">Writes the whole document (<c>WriteAddress</c>).</param>
/// <param name="Read">Reads the elements of the document the reader is in (<c>ReadAddress</c>).</param>
internal sealed record ObjectNames(string Write, string Read);
