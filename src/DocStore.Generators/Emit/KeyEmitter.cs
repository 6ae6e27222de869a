using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>The model's key handling: key field, generation, get and set, default test, new keys and key encoding.</summary>
internal sealed class KeyEmitter(CollectionEmitContext context)
{
    public void Emit(SourceWriter w)
    {
        KeyModel key = context.Model.Key;
        MemberModel member = CollectionEmitContext.FindMember(context.Root, key.MemberName);
        string generation = key.Type.Kind switch
        {
            ShapeKind.ObjectId => "ObjectId",
            ShapeKind.Guid => "Guid",
            ShapeKind.String => "None",
            _ => "Sequence",
        };

        w.Line("/// <inheritdoc />");
        w.Line($"public string KeyField => {Names.Literal(member.StoredName)};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public {RuntimeNames.KeyGeneration} KeyGeneration => {RuntimeNames.KeyGeneration}.{generation};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public {context.K} GetKey({context.T} document)");
        w.Line($"return {context.Accessors.Getter(context.Root, member, "document")};");
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public void SetKey(ref {context.T} document, {context.K} key)");
        w.Line(context.Accessors.Setter(context.Root, key.MemberName, key.Assignment, key.AccessorName, context.K, key.DeclaringTypeName, "document", "key"));
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        string isDefault = key.Type.Kind switch
        {
            ShapeKind.String => "string.IsNullOrEmpty(key)",
            ShapeKind.Int32 or ShapeKind.Int64 => "key == 0",
            _ => $"key == default({context.K})",
        };
        w.Line($"public bool IsDefaultKey({context.K} key) => {isDefault};");
        w.Line();
        w.Line("/// <inheritdoc />");
        string newKey = key.Type.Kind switch
        {
            ShapeKind.ObjectId => "global::DocStore.ObjectId.NewObjectId()",
            // Version 7 Guids start with a timestamp, so keys generated in order land at the tree's right edge.
            ShapeKind.Guid => "global::System.Guid.CreateVersion7()",
            ShapeKind.Int32 => "checked((int)sequence)",
            ShapeKind.Int64 => "sequence",
            _ => $"throw new global::System.InvalidOperationException(\"Collection '{context.Model.CollectionName}' has a string key, which the caller must set before inserting.\")",
        };
        w.Line($"public {context.K} NewKey(long sequence) => {newKey};");
        w.Line();
        w.Line("/// <inheritdoc />");
        string sequence = key.Type.Kind is ShapeKind.Int32 or ShapeKind.Int64 ? "key" : "0";
        w.Line($"public long GetSequence({context.K} key) => {sequence};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public void AppendKey({RuntimeNames.KeyBuilder} builder, {context.K} key) => builder.Append({ShapeCode.KeyValue(key.Type, "key")});");
        w.Line();
    }
}
