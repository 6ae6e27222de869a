using System.Collections.Generic;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Writes and reads single values of any shape. Scalars become one writer call or one
/// <c>StoredValue</c> read; documents, arrays and dictionaries get one private helper method per
/// distinct type, emitted once into <see cref="Helpers"/>.
/// </summary>
internal sealed class ValueCodegen
{
    private readonly Dictionary<string, string> _helperNames = new();
    private int _counter;

    public SourceWriter Helpers { get; } = new();

    public string NextName(string prefix) => prefix + Names.Int(++_counter);

    /// <summary>Statements writing <paramref name="value"/> (null included) as the next value.</summary>
    public void Write(SourceWriter w, TypeShape shape, string value)
    {
        if (shape.CanBeNull)
        {
            string local = NextName("v");
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
            w.Line($"Write_{shape.ObjectKey}(ref writer, {value}, fields);");
        }
        else
        {
            w.Line($"{WriteHelper(shape)}(ref writer, {value}, fields);");
        }
    }

    private string WriteHelper(TypeShape shape)
    {
        string key = "W:" + shape.TypeName;
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        name = NextName("WriteValue");
        _helperNames.Add(key, name);

        // A helper may need further helpers while it is written; each is built apart and appended whole.
        var h = new SourceWriter();
        h.Open($"private static void {name}(ref {RuntimeNames.Writer} writer, {ShapeCode.Constructible(shape)} value, {RuntimeNames.Resolver} fields)");
        TypeShape element = shape.Element!;
        switch (shape.Kind)
        {
            case ShapeKind.Dictionary:
                h.Line("writer.WriteStartDocument();");
                h.Open("foreach (var pair in value)");
                h.Line("writer.WriteFieldId(fields.GetOrAdd(pair.Key));");
                Write(h, element, "pair.Value");
                h.Close();
                h.Line("writer.WriteEndDocument();");
                break;
            case ShapeKind.HashSet:
                h.Line("writer.WriteStartArray();");
                h.Open("foreach (var item in value)");
                Write(h, element, "item");
                h.Close();
                h.Line("writer.WriteEndArray();");
                break;
            default:
                // Indexing instead of foreach: an interface enumerator would allocate on every write.
                string count = shape.Kind == ShapeKind.Array ? "Length" : "Count";
                h.Line("writer.WriteStartArray();");
                h.Open($"for (int i = 0; i < value.{count}; i++)");
                Write(h, element, "value[i]");
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
        return shape.IsReference
            ? $"({nullCheck} ? null : {inner})!"
            : $"({nullCheck} ? default({shape.TypeName}) : {inner})";
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
        string key = "R:" + ShapeCode.Constructible(shape);
        if (_helperNames.TryGetValue(key, out string? name))
        {
            return name;
        }

        name = NextName("ReadValue");
        _helperNames.Add(key, name);
        string type = ShapeCode.Constructible(shape);
        var h = new SourceWriter();
        h.Open($"private static {type} {name}(ref {RuntimeNames.Reader} reader, {RuntimeNames.Resolver} fields, string label)");
        if (shape.Kind == ShapeKind.Object)
        {
            h.Line($"var document = {RuntimeNames.StoredValue}.EnterDocument(ref reader, label);");
            h.Open("try");
            h.Line($"return Read_{shape.ObjectKey}(ref document, fields);");
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
}
