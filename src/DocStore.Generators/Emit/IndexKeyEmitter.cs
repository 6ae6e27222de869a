using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>The model's <c>AppendIndexKeys</c> and the per-index key extractors they dispatch to.</summary>
internal sealed class IndexKeyEmitter(CollectionEmitContext context)
{
    /// <summary>
    /// Index-key extractors, from a live object (insert/update) and from stored bytes (index rebuilds): two
    /// overloads per index, <c>Append{Index}Keys</c>, like the two <c>AppendIndexKeys</c> they serve. A
    /// missing or null value indexes as null; a multikey path yields one key per element, and an empty or
    /// null sequence yields none.
    /// </summary>
    public void Emit(SourceWriter w)
    {
        var extractors = new string[context.Model.Indexes.Length];
        for (int i = 0; i < extractors.Length; i++)
        {
            extractors[i] = context.Members.Take("Append" + context.Model.Indexes[i].Name + "Keys");
        }

        EmitDispatch(w, extractors, $"{context.T} document, {RuntimeNames.KeySink} keys", ["keys"], "document, keys");
        EmitDispatch(w, extractors, $"global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, {RuntimeNames.KeySink} keys", ["fields", "keys"], "document, fields, keys");

        for (int i = 0; i < extractors.Length; i++)
        {
            EmitObjectKeys(w, extractors[i], context.Model.Indexes[i]);
            EmitStoredKeys(w, extractors[i], context.Model.Indexes[i]);
        }
    }

    /// <summary>One <c>AppendIndexKeys</c> overload: checks its reference arguments, then calls index N's extractor.</summary>
    private void EmitDispatch(SourceWriter w, string[] extractors, string parameters, string[] nonNull, string arguments)
    {
        w.Line("/// <inheritdoc />");
        w.Open($"public void AppendIndexKeys(int index, {parameters})");
        foreach (var name in nonNull)
        {
            w.Line($"global::System.ArgumentNullException.ThrowIfNull({name});");
        }

        w.Open("switch (index)");
        for (int i = 0; i < extractors.Length; i++)
        {
            w.Line($"case {context.IndexConstants[i]}:");
            w.Line($"    {extractors[i]}({arguments});");
            w.Line("    break;");
        }

        w.Line("default:");
        w.Line("    throw new global::System.ArgumentOutOfRangeException(nameof(index));");
        w.Close();
        w.Close();
        w.Line();
    }

    private static string NullableLocal(TypeShape leaf) =>
        leaf.IsReference ? ShapeCode.Constructible(leaf) + "?" : leaf.ValueTypeName + "?";

    private static string ComponentLocal(TypeShape leaf, bool nullable) => nullable ? NullableLocal(leaf) : leaf.ValueTypeName;

    /// <summary>The name of the local that holds a component's value: the path's members (<c>addressCity</c>).</summary>
    private static string ComponentName(IndexComponent component) => Names.Camel(component.Name);

    private void EmitObjectKeys(SourceWriter w, string name, IndexModel index)
    {
        var locals = new NameScope("document", "keys", "key");
        var values = new string[index.Components.Length];
        var nullable = new bool[index.Components.Length];
        w.Open($"private static void {name}({context.T} document, {RuntimeNames.KeySink} keys)");
        int multikey = -1;
        for (int c = 0; c < index.Components.Length; c++)
        {
            IndexComponent component = index.Components[c];
            if (component.IsMultikey)
            {
                multikey = c;
                continue;
            }

            values[c] = locals.Take(ComponentName(component));
            if (component.Steps.Length == 1)
            {
                // A member read directly is null only when its type allows it.
                nullable[c] = component.ValueType.CanBeNull;
                w.Line($"{ComponentLocal(component.ValueType, nullable[c])} {values[c]} = {context.Accessors.Getter(context.Root, CollectionEmitContext.FindMember(context.Root, component.Steps[0].MemberName), "document")};");
            }
            else
            {
                nullable[c] = true;
                w.Line($"{NullableLocal(component.ValueType)} {values[c]} = null;");
                NavigateObject(w, component, 0, "document", context.Root, locals, values, c, () => { });
            }
        }

        if (multikey < 0)
        {
            EmitKey(w, index, values, nullable);
        }
        else
        {
            IndexComponent expanded = index.Components[multikey];
            nullable[multikey] = expanded.Steps.Length > 1 || expanded.ValueType.CanBeNull;
            NavigateObject(w, expanded, 0, "document", context.Root, locals, values, multikey, () => EmitKey(w, index, values, nullable));
        }

        w.Close();
        w.Line();
    }

    /// <summary>
    /// Walks a path over live objects. For a plain path it assigns the leaf to the component's local
    /// <c>values[c]</c>; for a multikey path it declares that local per element and runs <paramref name="perElement"/>.
    /// </summary>
    private void NavigateObject(SourceWriter w, IndexComponent component, int step, string source, ObjectModel owner, NameScope locals, string[] values, int c, System.Action perElement)
    {
        PathStep pathStep = component.Steps[step];
        MemberModel member = CollectionEmitContext.FindMember(owner, pathStep.MemberName);
        string value = context.Accessors.Getter(owner, member, source);
        bool last = step == component.Steps.Length - 1;

        if (pathStep.Expand)
        {
            string sequence = locals.Take(Names.Camel(member.Name));
            w.Open($"if ({value} is {{ }} {sequence})");
            if (last)
            {
                // The loop variable is the component's value, nullable only when the element type is.
                values[c] = locals.Take(Names.Singular(Names.Camel(member.Name)));
                w.Open($"foreach ({ComponentLocal(component.ValueType, component.ValueType.CanBeNull)} {values[c]} in {sequence})");
            }
            else
            {
                string element = locals.Take(Names.Singular(Names.Camel(member.Name)));
                w.Open($"foreach (var {element} in {sequence})");
                values[c] = locals.Take(ComponentName(component));
                w.Line($"{NullableLocal(component.ValueType)} {values[c]} = null;");
                TypeShape elementType = pathStep.MemberType.Element!;
                if (elementType.IsReference)
                {
                    w.Open($"if ({element} is not null)");
                    NavigateObject(w, component, step + 1, element, context.ObjectOf(elementType), locals, values, c, () => { });
                    w.Close();
                }
                else if (elementType.IsNullableValue)
                {
                    string next = locals.Take(element + "Value");
                    w.Open($"if ({element} is {{ }} {next})");
                    NavigateObject(w, component, step + 1, next, context.ObjectOf(elementType), locals, values, c, () => { });
                    w.Close();
                }
                else
                {
                    NavigateObject(w, component, step + 1, element, context.ObjectOf(elementType), locals, values, c, () => { });
                }
            }

            perElement();
            w.Close();
            w.Close();
            return;
        }

        if (last)
        {
            w.Line($"{values[c]} = {value};");
            return;
        }

        string local = locals.Take(Names.Camel(member.Name));
        if (pathStep.MemberType.CanBeNull)
        {
            w.Open($"if ({value} is {{ }} {local})");
            NavigateObject(w, component, step + 1, local, context.ObjectOf(pathStep.MemberType), locals, values, c, perElement);
            w.Close();
        }
        else
        {
            w.Line($"var {local} = {value};");
            NavigateObject(w, component, step + 1, local, context.ObjectOf(pathStep.MemberType), locals, values, c, perElement);
        }
    }

    /// <summary>One key from the component values; a value that may be null goes to the builder's nullable overload.</summary>
    private static void EmitKey(SourceWriter w, IndexModel index, string[] values, bool[] nullable)
    {
        w.Line("var key = keys.Begin();");
        for (int c = 0; c < index.Components.Length; c++)
        {
            TypeShape shape = index.Components[c].ValueType;
            string value = nullable[c] ? ShapeCode.NullableKeyValue(shape, values[c]) : ShapeCode.KeyValue(shape, values[c]);
            w.Line($"key.Append({value});");
        }

        w.Line("keys.Commit();");
    }

    private void EmitStoredKeys(SourceWriter w, string name, IndexModel index)
    {
        var locals = new NameScope("document", "fields", "keys", "key");
        var values = new string[index.Components.Length];

        // A stored field may be missing or null whatever the member's type.
        var nullable = Enumerable.Repeat(true, index.Components.Length).ToArray();
        w.Open($"private static void {name}(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, {RuntimeNames.KeySink} keys)");
        int multikey = -1;
        for (int c = 0; c < index.Components.Length; c++)
        {
            IndexComponent component = index.Components[c];
            if (component.IsMultikey)
            {
                multikey = c;
                continue;
            }

            values[c] = locals.Take(ComponentName(component));
            w.Line($"{NullableLocal(component.ValueType)} {values[c]} = null;");
            string reader = locals.Take(ReaderName(index, component));
            w.Line($"var {reader} = new {RuntimeNames.Reader}(document);");
            NavigateStored(w, component, 0, reader, context.Root, locals, values, c, () => { });
        }

        if (multikey < 0)
        {
            EmitKey(w, index, values, nullable);
        }
        else
        {
            string reader = locals.Take(ReaderName(index, index.Components[multikey]));
            w.Line($"var {reader} = new {RuntimeNames.Reader}(document);");
            NavigateStored(w, index.Components[multikey], 0, reader, context.Root, locals, values, multikey, () => EmitKey(w, index, values, nullable));
        }

        w.Close();
        w.Line();
    }

    /// <summary>A composite index reads each path with its own reader (<c>lastReader</c>); a single path with <c>reader</c>.</summary>
    private static string ReaderName(IndexModel index, IndexComponent component) =>
        index.Components.Length == 1 ? "reader" : ComponentName(component) + "Reader";

    /// <summary>The stored-bytes twin of <see cref="NavigateObject"/>: finds each field by id, descends into documents and arrays.</summary>
    private void NavigateStored(SourceWriter w, IndexComponent component, int step, string reader, ObjectModel owner, NameScope locals, string[] values, int c, System.Action perElement)
    {
        PathStep pathStep = component.Steps[step];
        int memberIndex = CollectionEmitContext.IndexOfMember(owner, pathStep.MemberName);
        string memberName = Names.Camel(owner.Members[memberIndex].Name);
        bool last = step == component.Steps.Length - 1;
        string label = Names.Literal(component.Path);

        w.Open($"if ({RuntimeNames.StoredValue}.TryFindField(ref {reader}, {context.FieldMaps[owner.Key]}.ForRead(fields)[{context.MemberConstants[owner.Key][memberIndex]}]) && {reader}.Type != {RuntimeNames.BsonType}.Null)");
        if (pathStep.Expand)
        {
            string array = locals.Take(memberName + "Reader");
            TypeShape element = pathStep.MemberType.Element!;
            w.Line($"var {array} = {RuntimeNames.StoredValue}.EnterArray(ref {reader}, {label});");
            w.Open($"while ({array}.Read())");
            values[c] = locals.Take(last ? Names.Singular(memberName) : ComponentName(component));
            w.Line($"{NullableLocal(component.ValueType)} {values[c]} = null;");
            w.Open($"if ({array}.Type != {RuntimeNames.BsonType}.Null)");
            if (last)
            {
                w.Line($"{values[c]} = {context.Values.ReadNonNull(component.ValueType, array, label)};");
            }
            else
            {
                string inner = locals.Take(Names.Singular(memberName) + "Reader");
                w.Line($"var {inner} = {RuntimeNames.StoredValue}.EnterDocument(ref {array}, {label});");
                NavigateStored(w, component, step + 1, inner, context.ObjectOf(element), locals, values, c, () => { });
            }

            w.Close();
            perElement();
            w.Close();
        }
        else if (last)
        {
            w.Line($"{values[c]} = {context.Values.ReadNonNull(component.ValueType, reader, label)};");
        }
        else
        {
            string inner = locals.Take(memberName + "Reader");
            w.Line($"var {inner} = {RuntimeNames.StoredValue}.EnterDocument(ref {reader}, {label});");
            NavigateStored(w, component, step + 1, inner, context.ObjectOf(pathStep.MemberType), locals, values, c, perElement);
        }

        w.Close();
    }
}
