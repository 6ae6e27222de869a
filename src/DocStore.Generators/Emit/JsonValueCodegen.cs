using System.Collections.Generic;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Writes and reads single values of any shape as relaxed Extended JSON, through <c>Utf8JsonWriter</c> and
/// <c>Utf8JsonReader</c>: the JSON counterpart of <see cref="ValueCodegen"/>. Scalars become one writer call or
/// one <c>JsonStoredValue</c> call; documents, arrays and dictionaries get one private helper per distinct
/// type, emitted once into <see cref="Helpers"/> (<c>WriteJsonListOfString</c>, <c>ReadJsonNestedAddress</c>).
/// </summary>
internal sealed class JsonValueCodegen
{
    public const string NullToken = "global::System.Text.Json.JsonTokenType.Null";

    private readonly NameScope _members;
    private readonly IReadOnlyDictionary<string, ObjectNames> _objects;
    private readonly Dictionary<string, string> _helperNames = new();

    /// <param name="members">The generated class's member names, from which helper names are taken.</param>
    /// <param name="objects">The JSON writer and reader names of each document type, by object key.</param>
    public JsonValueCodegen(NameScope members, IReadOnlyDictionary<string, ObjectNames> objects)
    {
        _members = members;
        _objects = objects;
    }

    public SourceWriter Helpers { get; } = new();

    /// <summary>Statements writing <paramref name="value"/> (null included) as the next JSON value.</summary>
    public void Write(SourceWriter w, TypeShape shape, string value, NameScope locals, string localName)
    {
        if (shape.CanBeNull)
        {
            string local = locals.Take(localName);
            w.Open($"if ({value} is {{ }} {local})");
            WriteNonNull(w, shape, local);
            w.Close();
            w.Open("else");
            w.Line("writer.WriteNullValue();");
            w.Close();
            return;
        }

        WriteNonNull(w, shape, value);
    }

    private void WriteNonNull(SourceWriter w, TypeShape shape, string value)
    {
        if (shape.IsScalar)
        {
            w.Line(WriteScalar(shape.Kind, value, shape));
        }
        else if (shape.Kind == ShapeKind.Object)
        {
            w.Line($"{_objects[shape.ObjectKey!].Write}(writer, {value});");
        }
        else
        {
            w.Line($"{WriteHelper(shape)}(writer, {value});");
        }
    }

    /// <summary>The writer call for a non-null scalar: the same JSON the converter gives the C-BSON value the serializer writes.</summary>
    private static string WriteScalar(ShapeKind kind, string value, TypeShape shape) => kind switch
    {
        ShapeKind.Boolean => $"writer.WriteBooleanValue({value});",
        ShapeKind.Byte or ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.UInt16 or ShapeKind.Int32 or ShapeKind.Char => $"writer.WriteNumberValue((int){value});",
        ShapeKind.UInt32 or ShapeKind.Int64 or ShapeKind.IntPtr => $"writer.WriteNumberValue((long){value});",
        ShapeKind.UInt64 or ShapeKind.UIntPtr => $"{RuntimeNames.JsonStoredValue}.WriteUInt64(writer, (ulong){value});",
        ShapeKind.Single or ShapeKind.Double => $"{RuntimeNames.JsonStoredValue}.WriteDouble(writer, {value});",
        ShapeKind.String => $"writer.WriteStringValue({value});",
        ShapeKind.Enum => WriteScalar(shape.EnumUnderlying, $"({ShapeCode.Underlying(shape.EnumUnderlying)}){value}", shape),
        _ => $"{RuntimeNames.JsonStoredValue}.Write{ShapeCode.ReadMethod(kind).Substring(4)}(writer, {value});",
    };

    private string WriteHelper(TypeShape shape)
    {
        string type = ShapeCode.Constructible(shape);
        string key = "W:" + type;
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        name = _members.Take("WriteJson" + ValueCodegen.ShapeName(shape, annotated: false));
        _helperNames.Add(key, name);
        var h = new SourceWriter();
        string parameter = shape.Kind switch
        {
            ShapeKind.Dictionary => "dictionary",
            ShapeKind.HashSet => "set",
            ShapeKind.Array => "array",
            _ => "list",
        };
        var locals = new NameScope("writer", parameter);
        h.Open($"private static void {name}({RuntimeNames.JsonWriter} writer, {type} {parameter})");
        TypeShape element = shape.Element!;
        switch (shape.Kind)
        {
            case ShapeKind.Dictionary:
                string pair = locals.Take("pair");
                h.Line("writer.WriteStartObject();");
                h.Open($"foreach (var {pair} in {parameter})");
                h.Line($"writer.WritePropertyName({pair}.Key);");
                Write(h, element, pair + ".Value", locals, "value");
                h.Close();
                h.Line("writer.WriteEndObject();");
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

    /// <summary>An expression reading the value at <paramref name="reader"/>'s current token; null reads as null for nullable shapes.</summary>
    public string Read(TypeShape shape, string reader, string label)
    {
        string inner = ReadNonNull(shape, reader, label);
        if (!shape.CanBeNull)
        {
            return inner;
        }

        string nullCheck = $"{reader}.TokenType == {NullToken}";
        if (!shape.IsReference)
        {
            return $"{nullCheck} ? default({shape.TypeName}) : {inner}";
        }

        string none = shape.TypeName.EndsWith("?", System.StringComparison.Ordinal) ? "null" : "null!";
        return $"{nullCheck} ? {none} : {inner}";
    }

    public string ReadNonNull(TypeShape shape, string reader, string label)
    {
        if (shape.Kind == ShapeKind.Enum)
        {
            return $"({shape.ValueTypeName}){RuntimeNames.JsonStoredValue}.{ShapeCode.ReadMethod(shape.EnumUnderlying)}(ref {reader}, {label})";
        }

        if (shape.IsScalar)
        {
            return $"{RuntimeNames.JsonStoredValue}.{ShapeCode.ReadMethod(shape.Kind)}(ref {reader}, {label})";
        }

        return $"{ReadHelper(shape)}(ref {reader}, {label})";
    }

    private string ReadHelper(TypeShape shape)
    {
        string type = ShapeCode.Constructible(shape);
        string key = "R:" + type;
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        name = _members.Take(shape.Kind == ShapeKind.Object ? "ReadJsonNested" + shape.ObjectKey : "ReadJson" + ValueCodegen.ShapeName(shape, annotated: false));
        _helperNames.Add(key, name);
        var h = new SourceWriter();
        h.Open($"private static {type} {name}(ref {RuntimeNames.JsonReader} reader, string label)");
        if (shape.Kind == ShapeKind.Object)
        {
            h.Line($"{RuntimeNames.JsonStoredValue}.EnterObject(ref reader, label);");
            h.Open("try");
            h.Line($"return {_objects[shape.ObjectKey!].Read}(ref reader);");
            h.Close();
            h.Open($"catch ({RuntimeNames.SchemaException} e)");
            h.Line("throw e.WithParent(label);");
            h.Close();
        }
        else if (shape.Kind == ShapeKind.Dictionary)
        {
            h.Line($"{RuntimeNames.JsonStoredValue}.EnterObject(ref reader, label);");
            h.Line($"var result = new {type}();");
            h.Open($"while ({RuntimeNames.JsonStoredValue}.NextProperty(ref reader))");
            h.Line($"var key = {RuntimeNames.JsonStoredValue}.PropertyName(ref reader);");
            h.Line($"result[key] = {Read(shape.Element!, "reader", "label")};");
            h.Close();
            h.Line("return result;");
        }
        else
        {
            TypeShape element = shape.Element!;
            // Arrays and lists are collected in a builder that keeps short ones on the stack: the result is the one allocation, of its exact size.
            string collection = shape.Kind == ShapeKind.HashSet ? type : $"{RuntimeNames.JsonArrayBuilder}<{element.TypeName}>";
            h.Line($"{RuntimeNames.JsonStoredValue}.EnterArray(ref reader, label);");
            h.Line($"var result = new {collection}();");
            h.Open($"while ({RuntimeNames.JsonStoredValue}.NextElement(ref reader))");
            h.Line($"result.Add({Read(element, "reader", "label")});");
            h.Close();
            h.Line(shape.Kind switch
            {
                ShapeKind.Array => "return result.ToArray();",
                ShapeKind.HashSet => "return result;",
                _ => "return result.ToList();",
            });
        }

        h.Close();
        h.Line();
        Helpers.Append(h);
        return name;
    }
}
