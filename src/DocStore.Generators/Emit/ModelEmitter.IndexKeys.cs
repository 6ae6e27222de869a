using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

internal sealed partial class ModelEmitter
{
    /// <summary>
    /// Index-key extractors, from a live object (insert/update) and from stored bytes (index rebuilds).
    /// A missing or null value indexes as null; a multikey path yields one key per element, and an
    /// empty or null sequence yields none.
    /// </summary>
    private void EmitIndexKeys(SourceWriter w)
    {
        w.Line("/// <inheritdoc />");
        w.Open($"public void AppendIndexKeys(int index, {T} document, {RuntimeNames.KeySink} keys)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(keys);");
        w.Open("switch (index)");
        for (int i = 0; i < _model.Indexes.Length; i++)
        {
            w.Line($"case {Names.Int(i)}:");
            w.Line($"    IndexKeys{Names.Int(i)}(document, keys);");
            w.Line("    break;");
        }

        w.Line("default:");
        w.Line("    throw new global::System.ArgumentOutOfRangeException(nameof(index));");
        w.Close();
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public void AppendIndexKeys(int index, global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, {RuntimeNames.KeySink} keys)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(fields);");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(keys);");
        w.Open("switch (index)");
        for (int i = 0; i < _model.Indexes.Length; i++)
        {
            w.Line($"case {Names.Int(i)}:");
            w.Line($"    StoredIndexKeys{Names.Int(i)}(document, fields, keys);");
            w.Line("    break;");
        }

        w.Line("default:");
        w.Line("    throw new global::System.ArgumentOutOfRangeException(nameof(index));");
        w.Close();
        w.Close();
        w.Line();

        for (int i = 0; i < _model.Indexes.Length; i++)
        {
            EmitObjectKeys(w, i, _model.Indexes[i]);
            EmitStoredKeys(w, i, _model.Indexes[i]);
        }
    }

    private static string NullableLocal(TypeShape leaf) =>
        leaf.IsReference ? ShapeCode.Constructible(leaf) + "?" : leaf.ValueTypeName + "?";

    private void EmitObjectKeys(SourceWriter w, int ordinal, IndexModel index)
    {
        w.Open($"private static void IndexKeys{Names.Int(ordinal)}({T} document, {RuntimeNames.KeySink} keys)");
        int multikey = -1;
        for (int c = 0; c < index.Components.Length; c++)
        {
            IndexComponent component = index.Components[c];
            if (component.IsMultikey)
            {
                multikey = c;
                continue;
            }

            w.Line($"{NullableLocal(component.ValueType)} c{Names.Int(c)} = null;");
            NavigateObject(w, component, 0, "document", Root, $"c{Names.Int(c)}", () => { });
        }

        if (multikey < 0)
        {
            EmitKey(w, index);
        }
        else
        {
            IndexComponent component = index.Components[multikey];
            string local = $"c{Names.Int(multikey)}";
            NavigateObject(w, component, 0, "document", Root, local, () => EmitKey(w, index));
        }

        w.Close();
        w.Line();
    }

    /// <summary>
    /// Walks a path over live objects. For a plain path it assigns the leaf to <paramref name="local"/>;
    /// for a multikey path it declares <paramref name="local"/> per element and runs <paramref name="perElement"/>.
    /// </summary>
    private void NavigateObject(SourceWriter w, IndexComponent component, int step, string source, ObjectModel owner, string local, System.Action perElement)
    {
        PathStep pathStep = component.Steps[step];
        MemberModel member = FindMember(owner, pathStep.MemberName);
        string value = Getter(owner, member, source);
        bool last = step == component.Steps.Length - 1;

        if (pathStep.Expand)
        {
            string sequence = _values.NextName("s");
            string element = _values.NextName("e");
            w.Open($"if ({value} is {{ }} {sequence})");
            w.Open($"foreach (var {element} in {sequence})");
            w.Line($"{NullableLocal(component.ValueType)} {local} = null;");
            if (last)
            {
                w.Line($"{local} = {element};");
            }
            else
            {
                ContinueObject(w, component, step + 1, element, pathStep.MemberType.Element!, local);
            }

            perElement();
            w.Close();
            w.Close();
            return;
        }

        if (last)
        {
            w.Line($"{local} = {value};");
            return;
        }

        string next = _values.NextName("o");
        ContinueObjectFrom(w, component, step, value, next, pathStep.MemberType, local, perElement);
    }

    private void ContinueObjectFrom(SourceWriter w, IndexComponent component, int step, string value, string next, TypeShape memberType, string local, System.Action perElement)
    {
        if (memberType.CanBeNull)
        {
            w.Open($"if ({value} is {{ }} {next})");
        }
        else
        {
            w.Block();
            w.Line($"var {next} = {value};");
        }

        NavigateObject(w, component, step + 1, next, ObjectOf(memberType), local, perElement);
        w.Close();
    }

    private void ContinueObject(SourceWriter w, IndexComponent component, int step, string element, TypeShape elementType, string local)
    {
        string next = _values.NextName("o");
        if (elementType.CanBeNull)
        {
            w.Open($"if ({element} is {{ }} {next})");
            NavigateObject(w, component, step, next, ObjectOf(elementType), local, () => { });
            w.Close();
        }
        else
        {
            NavigateObject(w, component, step, element, ObjectOf(elementType), local, () => { });
        }
    }

    private static void EmitKey(SourceWriter w, IndexModel index)
    {
        w.Line("var key = keys.Begin();");
        for (int c = 0; c < index.Components.Length; c++)
        {
            IndexComponent component = index.Components[c];
            string local = "c" + Names.Int(c);
            string value = "k" + Names.Int(c);
            w.Open($"if ({local} is {{ }} {value})");
            w.Line($"key.Append({ShapeCode.KeyValue(component.ValueType, value)});");
            w.Close();
            w.Open("else");
            w.Line("key.AppendNull();");
            w.Close();
        }

        w.Line("keys.Commit();");
    }

    private void EmitStoredKeys(SourceWriter w, int ordinal, IndexModel index)
    {
        w.Open($"private static void StoredIndexKeys{Names.Int(ordinal)}(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, {RuntimeNames.KeySink} keys)");
        int multikey = -1;
        for (int c = 0; c < index.Components.Length; c++)
        {
            IndexComponent component = index.Components[c];
            if (component.IsMultikey)
            {
                multikey = c;
                continue;
            }

            string local = "c" + Names.Int(c);
            w.Line($"{NullableLocal(component.ValueType)} {local} = null;");
            w.Block();
            string reader = _values.NextName("r");
            w.Line($"var {reader} = new {RuntimeNames.Reader}(document);");
            NavigateStored(w, component, 0, reader, Root, local, () => { });
            w.Close();
        }

        if (multikey < 0)
        {
            EmitKey(w, index);
        }
        else
        {
            string reader = _values.NextName("r");
            w.Line($"var {reader} = new {RuntimeNames.Reader}(document);");
            NavigateStored(w, index.Components[multikey], 0, reader, Root, "c" + Names.Int(multikey), () => EmitKey(w, index));
        }

        w.Close();
        w.Line();
    }

    /// <summary>The stored-bytes twin of <see cref="NavigateObject"/>: finds each field by id, descends into documents and arrays.</summary>
    private void NavigateStored(SourceWriter w, IndexComponent component, int step, string reader, ObjectModel owner, string local, System.Action perElement)
    {
        PathStep pathStep = component.Steps[step];
        int memberIndex = IndexOfMember(owner, pathStep.MemberName);
        bool last = step == component.Steps.Length - 1;
        string label = Names.Literal(component.Path);

        w.Open($"if ({RuntimeNames.StoredValue}.TryFindField(ref {reader}, s_fields_{owner.Key}.ForRead(fields)[{Names.Int(memberIndex)}]) && {reader}.Type != {RuntimeNames.BsonType}.Null)");
        if (pathStep.Expand)
        {
            string array = _values.NextName("a");
            TypeShape element = pathStep.MemberType.Element!;
            w.Line($"var {array} = {RuntimeNames.StoredValue}.EnterArray(ref {reader}, {label});");
            w.Open($"while ({array}.Read())");
            w.Line($"{NullableLocal(component.ValueType)} {local} = null;");
            w.Open($"if ({array}.Type != {RuntimeNames.BsonType}.Null)");
            if (last)
            {
                w.Line($"{local} = {_values.ReadNonNull(component.ValueType, array, label)};");
            }
            else
            {
                string inner = _values.NextName("r");
                w.Line($"var {inner} = {RuntimeNames.StoredValue}.EnterDocument(ref {array}, {label});");
                NavigateStored(w, component, step + 1, inner, ObjectOf(element), local, () => { });
            }

            w.Close();
            perElement();
            w.Close();
        }
        else if (last)
        {
            w.Line($"{local} = {_values.ReadNonNull(component.ValueType, reader, label)};");
        }
        else
        {
            string inner = _values.NextName("r");
            w.Line($"var {inner} = {RuntimeNames.StoredValue}.EnterDocument(ref {reader}, {label});");
            NavigateStored(w, component, step + 1, inner, ObjectOf(pathStep.MemberType), local, perElement);
        }

        w.Close();
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
